package org.bgml.generator.tao

import org.bgml.generator.common.plan.BenchmarkPlan

/**
 * {@code run_test.pl}: runs the benchmark by hand the way TAO's own tests run, with PerlACE. Servers start
 * first and are waited for through their IOR files, with a time limit; the clients run with their own kill
 * timeouts; then the servers get SIGTERM. Failures print ERROR lines and the script exits with one status.
 * The launcher does not read this script: it runs from manifest.json.
 */
class RunTestTemplate {
    val TaoNaming naming
    val TaoManifest manifest

    new(TaoNaming naming, TaoManifest manifest) {
        this.naming = naming
        this.manifest = manifest
    }

    def script(BenchmarkPlan plan, java.util.List<TaoProcesses.Launch> launches) '''
        eval '(exit $?0)' && eval 'exec perl -S $0 ${1+"$@"}'
             & eval 'exec perl -S $0 $argv:q'
             if 0;

        # run_test.pl: runs benchmark «plan.model.name» (TAO) by hand, from the benchmark folder, in run/.
        # Usage: perl run_test.pl [-n samples]     (needs ACE_ROOT; build first, see README.md)
        «TaoText.generatedNoticePlain("#")»

        use strict;
        use lib "$ENV{ACE_ROOT}/bin";
        use PerlACE::TestTarget;

        my $samples = '';
        for (my $i = 0; $i <= $#ARGV; ++$i) {
            if ($ARGV[$i] eq '-n') { $samples = '-n ' . $ARGV[++$i]; }
            else { print STDERR "usage: run_test.pl [-n samples]\n"; exit 1; }
        }

        # name, arguments, IOR files it is ready with, run limit (s), stopped by SIGTERM
        my @processes = (
            «FOR p : launches»
            [«TaoText.perlString(p.name)», «TaoText.perlString(manifest.argumentLine(p))», [«p.readyFiles.map[TaoText.perlString(it)].join(', ')»], «p.timeoutSeconds», «IF p.signal»1«ELSE»0«ENDIF»],
            «ENDFOR»
        );

        mkdir 'run' unless -d 'run';
        chdir 'run' or die "ERROR: cannot enter run/: $!\n";
        mkdir 'results' unless -d 'results';

        my $target = PerlACE::TestTarget::create_target (1) || die "ERROR: cannot create target 1\n";
        my $status = 0;
        my @started;

        sub stop_all {
            foreach my $s (reverse @started) { $s->[1]->Kill (); $s->[1]->TimedWait (1); }
        }

        foreach my $p (@processes) {
            my ($name, $args, $iors, $limit, $server) = @$p;
            $target->DeleteFile ($_) foreach @$iors;
            my $process = $target->CreateProcess ("../«naming.exeDir»/$name", $server ? $args : "$args $samples");
            if ($process->Spawn () != 0) {
                print STDERR "ERROR: cannot start $name\n";
                stop_all ();
                exit 1;
            }
            push @started, [$p, $process];
            foreach my $ior (@$iors) {
                if ($target->WaitForFileTimed ($ior, «TaoProcesses.READY_TIMEOUT_SECONDS») == -1) {
                    print STDERR "ERROR: $name wrote no <$ior> within «TaoProcesses.READY_TIMEOUT_SECONDS» s\n";
                    stop_all ();
                    exit 1;
                }
            }
        }

        foreach my $s (grep { !$_->[0][4] } @started) {
            my $result = $s->[1]->WaitKill ($s->[0][3]);
            if ($result != 0) {
                print STDERR "ERROR: $s->[0][0] returned $result\n";
                $status = 1;
            }
        }

        foreach my $s (reverse grep { $_->[0][4] } @started) {
            my $result = $s->[1]->TerminateWaitKill ($target->ProcessStopWaitInterval ());
            if ($result != 0) {
                print STDERR "ERROR: $s->[0][0] returned $result\n";
                $status = 1;
            }
        }

        exit $status;
    '''
}
