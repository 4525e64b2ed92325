/**
 * Every route of the API, once (docs/decisions/024). A route file under src/pages/api serves
 * each of these through endpoint(); the typed client names them by `'METHOD /path'`;
 * /api/openapi.json, /developers and docs/api.md are generated from this list. A test fails
 * when a route file serves a route that is not here, or the other way round.
 */
import type { RouteMap } from '../contract';
import { accountRoutes } from './account';
import { affiliateRoutes } from './affiliates';
import { analyticsRoutes } from './analytics';
import { authRoutes } from './auth';
import { cartRoutes } from './cart';
import { communityRoutes } from './community';
import { communityQaRoutes } from './community-qa';
import { favoriteRoutes } from './favorites';
import { licenseRoutes } from './licenses';
import { notificationSettingsRoutes } from './notification-settings';
import { moderationRoutes } from './moderation';
import { paymentRoutes } from './payments';
import { taxRoutes } from './tax';
import { productReviewRoutes } from './product-reviews';
import { productRoutes } from './products';
import { profileRoutes } from './profile';
import { salesRoutes } from './sales';
import { settingsRoutes } from './settings';
import { systemRoutes } from './system';
import { toolFeedRoutes } from './tool-feeds';
import { toolRoutes } from './tools';
import { updateRoutes } from './updates';
import { uploadRoutes } from './uploads';

export const API_ROUTES = [
  ...systemRoutes,
  ...authRoutes,
  ...favoriteRoutes,
  ...paymentRoutes,
  ...cartRoutes,
  ...taxRoutes,
  ...profileRoutes,
  ...productReviewRoutes,
  ...communityRoutes,
  ...updateRoutes,
  ...toolFeedRoutes,
  ...salesRoutes,
  ...settingsRoutes,
  ...accountRoutes,
  ...notificationSettingsRoutes,
  ...licenseRoutes,
  ...productRoutes,
  ...uploadRoutes,
  ...toolRoutes,
  ...communityQaRoutes,
  ...moderationRoutes,
  ...analyticsRoutes,
  ...affiliateRoutes,
] as const;

export type ApiRouteMap = RouteMap<typeof API_ROUTES>;
