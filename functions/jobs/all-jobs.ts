/**
 * Every job module, loaded by the engine before it starts (functions/jobs/engine.ts), so that
 * each defineJob() and schedule() has run and its queue exists. A new job module = one import
 * line here (docs/decisions/040).
 */
import '../email/jobs';
