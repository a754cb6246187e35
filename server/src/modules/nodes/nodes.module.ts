import type { AppModule } from '../module.ts';
import type { NodeDirectory } from './node-directory.ts';
import { createNodesCalls } from './nodes.routes.ts';

/** The server node list and where an account lives. */
export function nodesModule(d: { directory: NodeDirectory; nodeSecret: string | undefined }): AppModule {
  return { calls: createNodesCalls(d) };
}
