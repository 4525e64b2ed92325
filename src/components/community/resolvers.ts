/** The thread page's form resolvers: zod and the API's schemas, fetched on first use (community-resolvers.ts, docs/decisions/033). */
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { ReplyInputSchema, ThreadEditSchema } from '@/src/shared/api/schemas/community';

export interface ReplyValues {
  body: string;
  parentReplyId?: string | null;
}
export interface EditValues {
  title?: string;
  body?: string;
}

export const replyResolver = zodResolver(ReplyInputSchema) as unknown as Resolver<ReplyValues>;
export const editResolver = zodResolver(ThreadEditSchema) as unknown as Resolver<EditValues>;
