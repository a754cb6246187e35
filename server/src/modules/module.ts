/**
 * What a module hands to buildApp: its envelope calls, and the routes that
 * are not envelope calls (multipart, gateway notifications, clear-text
 * answers). Each module's `<m>.module.ts` builds one from one dependencies
 * object; buildApp lists the modules in one place.
 */
import type { FastifyInstance } from 'fastify';
import type { Call } from '../envelope/call.ts';

export type AppModule = {
  calls?: readonly Call[];
  register?: (app: FastifyInstance) => Promise<void> | void;
};
