/** The overseas screen that prompts a switch to the server node where the account lives. */
import { paths } from '@/config/paths';
import type { FeatureRoutes } from '@/lib/routing/app-route';

export const nodesRoutes: FeatureRoutes = {
  site: [
    {
      path: paths.siteJumpNode.path,
      region: 'us',
      title: 'nodes.jumpNodeTitle',
      description: 'nodes.jumpNodeDescription',
      lazy: () => import('./pages/jump-node-page').then((m) => ({ Component: m.JumpNodePage })),
    },
  ],
};
