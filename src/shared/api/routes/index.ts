/**
 * Every route of the API, once (docs/decisions/024). A route file under src/pages/api serves
 * each of these through endpoint(); the typed client names them by `'METHOD /path'`;
 * /api/openapi.json, /developers and docs/api.md are generated from this list. A test fails
 * when a route file serves a route that is not here, or the other way round.
 */
import type { RouteMap } from '../contract';
import { favoriteRoutes } from './favorites';
import { productRoutes } from './products';
import { systemRoutes } from './system';
import { uploadRoutes } from './uploads';

export const API_ROUTES = [...systemRoutes, ...favoriteRoutes, ...productRoutes, ...uploadRoutes] as const;

export type ApiRouteMap = RouteMap<typeof API_ROUTES>;
