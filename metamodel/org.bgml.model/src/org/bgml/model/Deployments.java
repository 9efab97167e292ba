package org.bgml.model;

/**
 * The deployment a run uses, found by the name a user, a launch or a plan gives: one rule for the generators, the
 * launcher and the tools above them. Hand-written, beside the EMF-generated classes of this package.
 */
public final class Deployments {
    private Deployments() {
    }

    /**
     * The model's deployment called {@code name}, or its first deployment when {@code name} is null; null when the
     * model has no deployment, or none of that name (the caller decides whether that is an error).
     */
    public static Deployment chosen(BenchmarkModel model, String name) {
        for (Deployment d : model.getDeployments()) {
            if (name == null || name.equals(d.getName())) {
                return d;
            }
        }
        return null;
    }
}
