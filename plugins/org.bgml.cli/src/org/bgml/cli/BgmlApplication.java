package org.bgml.cli;

import org.eclipse.equinox.app.IApplication;
import org.eclipse.equinox.app.IApplicationContext;

/** The Equinox application behind the {@code bgml} command; all work happens in {@link Bgml}. */
public class BgmlApplication implements IApplication {
    @Override
    public Object start(IApplicationContext context) {
        LoggingQuiet.apply();
        String[] args = (String[]) context.getArguments().get(IApplicationContext.APPLICATION_ARGS);
        int code = new Bgml(System.out, System.err).run(args == null ? new String[0] : args);
        System.out.flush();
        System.err.flush();
        return Integer.valueOf(code);
    }

    @Override
    public void stop() {
        // nothing to stop: every command runs to completion on the calling thread
    }
}
