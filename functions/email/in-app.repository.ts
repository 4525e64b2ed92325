/**
 * 'Off' means nothing at all (docs/decisions/041): a user whose preference for an email kind is
 * 'off' gets neither the email nor the in-app notice of it. The notice writers (the tool-update
 * and new-product fan-outs, the sale and refund notices, the community notices) put this
 * condition in their INSERT … SELECT, so a batch of a thousand recipients stays one statement
 * (primary key (user_id, kind) of notification_preferences).
 *
 * No row means the kind's default, and no kind's default is 'off' (checked below), so only an
 * explicit 'off' row excludes someone.
 */
import { sql, type RawBuilder } from 'kysely';
import { EMAIL_KIND_INFO, EMAIL_KINDS } from '@/src/shared/email-preferences';

if (EMAIL_KINDS.some((k) => EMAIL_KIND_INFO[k].default === 'off')) {
  throw new Error("functions/email/in-app.repository.ts assumes no email kind defaults to 'off': read the default there too");
}

/** SQL: true unless `userId`'s preference for email kind `kind` (both SQL expressions) is 'off'. */
export function notTurnedOff(userId: RawBuilder<unknown>, kind: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`not exists (select 1 from notification_preferences np where np.user_id = ${userId} and np.kind = ${kind} and np.channel = 'off')`;
}

/** SQL: the email kind of the notices of tool update `updateId`: 'security_update' or 'tool_update'. */
export function toolUpdateEmailKind(updateId: string): RawBuilder<string> {
  return sql<string>`(select case when u.update_type = 'security' then 'security_update' else 'tool_update' end from ai_tool_updates u where u.id = ${updateId}::uuid)`;
}
