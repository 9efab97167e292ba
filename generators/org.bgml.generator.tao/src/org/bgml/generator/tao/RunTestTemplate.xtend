package org.bgml.generator.tao

import org.bgml.generator.common.plan.BenchmarkPlan

/**
 * {@code run_test.pl}: runs the benchmark by hand the way TAO's own tests run, with PerlACE, and the way the
 * launcher runs it from manifest.json. Servers start first and are waited for through their IOR files, with a time
 * limit. Then the clients, as the deployment says: one at a time (each runs to completion, within its own limit,
 * before the next starts), or together behind one start line (two fifos: each client writes its name to the
 * arrivals fifo and blocks reading the release fifo; once all have arrived the script closes its end of the
 * release fifo, which releases them all at once, and each client's limit counts from there). Then the servers get
 * SIGTERM. Failures print ERROR lines and the script exits with one status. The launcher does not read this script.
 */
class RunTestTemplate {
    val TaoNaming naming
    val TaoManifest manifest

    new(TaoNaming naming, TaoManifest manifest) {
        this.naming = naming
        this.manifest = manifest
    }

    def script(BenchmarkPlan plan, java.util.List<TaoProcesses.Launch> launches) {
        val together = new TaoProcesses(plan, naming).clientsTogether
        '''
        eval '(exit $?0)' && eval 'exec perl -S $0 ${1+"$@"}'
             & eval 'exec perl -S $0 $argv:q'
             if 0;

        # run_test.pl: runs benchmark «plan.model.name» (TAO) by hand, from the benchmark folder, in run/.
        # Usage: perl run_test.pl [-n samples]     (needs ACE_ROOT; build first, see README.md)
        «TaoText.generatedNoticePlain("#")»

        use strict;
        use lib "$ENV{ACE_ROOT}/bin";
        use PerlACE::TestTarget;
        «IF together»
        use Cwd;
        use IO::Select;
        use POSIX ();
        «ENDIF»

        my $samples = '';
        for (my $i = 0; $i <= $#ARGV; ++$i) {
            if ($ARGV[$i] eq '-n') { $samples = '-n ' . $ARGV[++$i]; }
            else { print STDERR "usage: run_test.pl [-n samples]\n"; exit 1; }
        }

        # name, arguments, IOR files it is ready with, run limit (s), stopped by SIGTERM, file it writes when its loops are done
        my @processes = (
            «FOR p : launches»
            [«TaoText.perlString(p.name)», «TaoText.perlString(manifest.argumentLine(p))», [«p.readyFiles.map[TaoText.perlString(it)].join(', ')»], «p.timeoutSeconds», «IF p.signal»1«ELSE»0«ENDIF», «TaoText.perlString(p.doneFile ?: '')»],
            «ENDFOR»
        );
        # The processes stop from the drivers inward: each after every process that calls it.
        my @stop_order = («stopOrder(launches).map[TaoText.perlString(it)].join(', ')»);
        «IF together»
        # The deployment starts its clients together, behind one start line, once every server is ready.
        «ELSE»
        # The deployment runs its clients one at a time: each runs to completion before the next starts.
        «ENDIF»

        mkdir 'run' unless -d 'run';
        chdir 'run' or die "ERROR: cannot enter run/: $!\n";
        mkdir 'results' unless -d 'results';

        my $target = PerlACE::TestTarget::create_target (1) || die "ERROR: cannot create target 1\n";
        my $status = 0;
        my @started;

        sub stop_all {
            foreach my $s (reverse @started) { $s->[1]->Kill (); $s->[1]->TimedWait (1); }
        }

        sub start {
            my ($p) = @_;
            my ($name, $args, $iors, $limit, $server, $done) = @$p;
            $target->DeleteFile ($_) foreach @$iors;
            $target->DeleteFile ($done) if $done ne '';
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
            return $process;
        }

        «IF together»
        «togetherPart»
        «ELSE»
        «oneAtATimePart»
        «ENDIF»

        # A process that serves and drives is stopped only once its own loops are done.
        foreach my $s (grep { $_->[0][5] ne '' } @started) {
            if ($target->WaitForFileTimed ($s->[0][5], $s->[0][3]) == -1) {
                print STDERR "ERROR: $s->[0][0] did not finish its loops within $s->[0][3] s\n";
                $status = 1;
            }
        }

        my %by_name = map { $_->[0][0] => $_ } grep { $_->[0][4] } @started;
        foreach my $name (@stop_order) {
            my $s = $by_name{$name} or next;
            my $result = $s->[1]->TerminateWaitKill ($target->ProcessStopWaitInterval ());
            if ($result != 0) {
                print STDERR "ERROR: $s->[0][0] returned $result\n";
                $status = 1;
            }
        }

        exit $status;
        '''
    }

    /** The names of the processes in the order they are stopped (the launcher's order, from the calls). */
    def stopOrder(java.util.List<TaoProcesses.Launch> launches) {
        org.bgml.generator.common.manifest.StopOrder.of(launches, [name], [calls]).map[launches.get(it).name]
    }

    def oneAtATimePart() '''
        foreach my $p (@processes) {
            my $process = start ($p);
            next if $p->[4];
            my $result = $process->WaitKill ($p->[3]);
            if ($result != 0) {
                print STDERR "ERROR: $p->[0] returned $result\n";
                $status = 1;
            }
        }
    '''

    def togetherPart() '''
        start ($_) foreach grep { $_->[4] } @processes;

        # The start line: clients write their name to ARRIVALS, then block reading RELEASE until it reaches its end.
        # This script holds RELEASE open for writing (opened read-write, so the open never blocks) and closes it once
        # every client has arrived: all of them see the end of the fifo at once.
        my $arrivals_fifo = getcwd () . '/start.arrivals';
        my $release_fifo = getcwd () . '/start.release';
        foreach my $fifo ($arrivals_fifo, $release_fifo) {
            unlink $fifo;
            POSIX::mkfifo ($fifo, 0600) || die "ERROR: cannot create the fifo $fifo: $!\n";
        }
        open (my $release, '+<', $release_fifo) || die "ERROR: cannot open $release_fifo: $!\n";
        open (my $arrivals, '+<', $arrivals_fifo) || die "ERROR: cannot open $arrivals_fifo: $!\n";

        my @clients = grep { !$_->[4] } @processes;
        my %waiting = map { $_->[0] => 1 } @clients;
        foreach my $p (@clients) {
            local $ENV{'BGML_START_LINE'} = "fifo:$arrivals_fifo|$release_fifo";
            local $ENV{'BGML_START_NAME'} = $p->[0];
            start ($p);
        }

        my $select = IO::Select->new ($arrivals);
        my $deadline = time () + «TaoProcesses.READY_TIMEOUT_SECONDS»;
        my $pending = '';
        while (%waiting && time () < $deadline) {
            next unless $select->can_read ($deadline - time ());
            my $read = sysread ($arrivals, $pending, 4096, length ($pending));
            last unless $read;
            while ($pending =~ s/^([^\n]*)\n//) {
                delete $waiting{$1};
            }
        }
        if (%waiting) {
            print STDERR "ERROR: not at the start line within «TaoProcesses.READY_TIMEOUT_SECONDS» s: " . join (', ', sort keys %waiting) . "\n";
            stop_all ();
            exit 1;
        }
        close ($release);
        my $released = time ();
        close ($arrivals);
        unlink $arrivals_fifo, $release_fifo;

        # Each client's limit counts from the release.
        foreach my $s (grep { !$_->[0][4] } @started) {
            my $left = $released + $s->[0][3] - time ();
            my $result = $s->[1]->WaitKill ($left > 1 ? $left : 1);
            if ($result != 0) {
                print STDERR "ERROR: $s->[0][0] returned $result\n";
                $status = 1;
            }
        }
    '''
}
