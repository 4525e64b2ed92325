/**
 * GET /api/products/{id}/questions: a published product's questions, newest first.
 * POST { title, body }: ask one; the product's creator is notified (docs/decisions/036).
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { askProductQuestion, pageProductQuestions } from '@/functions/community/questions.service';
import { askProductQuestion as askRoute, listProductQuestions as listRoute } from '@/src/shared/api/routes/community-qa';

export const GET = endpoint(listRoute, async ({ params, query }) => pageProductQuestions(await getDb(), params.id, query));
export const POST = endpoint(askRoute, async ({ user, params, body }) => askProductQuestion(await getDb(), user, params.id, body));
