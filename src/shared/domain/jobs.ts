// ---------------------------------------------------------------------------
// Background jobs (docs/decisions/040)
// ---------------------------------------------------------------------------

/**
 * A job's state, as pg-boss keeps it: created (waiting to run), retry (failed, waiting for its
 * next attempt), active (running), completed, cancelled, failed (out of retries, kept with its error).
 */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];
