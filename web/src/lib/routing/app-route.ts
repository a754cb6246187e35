/**
 * Route objects as data (CONVENTIONS §3): each carries the region it exists
 * in, whether it is trade-only and its title as an i18n key; toRouteObjects
 * filters them by region and turns them into React Router routes.
 */
import type { TRegion } from '@ac/protocol/enums';
import type { ComponentType, ReactNode } from 'react';
import { type RouteObject, redirect } from 'react-router';
import { withChunkTimeout } from './chunk-timeout';

export type RouteRegion = TRegion | 'both';

/** What pages and the shells read from a matched route (`useMatches()[i].handle`). */
export type RouteHandle = {
  title?: string;
  description?: string;
  /**
   * Whether the page is built of antd components (docs/performance.md "First view"). The /h5
   * shell (which loads no antd otherwise) gives antd's provider to the pages that say `true`; the
   * site and main shells to all but those that say `false` (the login page, the product centre:
   * plain markup).
   */
  antd?: boolean;
};

export type AppRoute = {
  path?: string;
  index?: boolean;
  region: RouteRegion;
  /** Exists only for client types containing "trade"; others are sent to /. */
  tradeOnly?: boolean;
  /** i18n key of the page title (`<namespace>.<key>`). */
  title?: string;
  /** i18n key of the page's one-line purpose. */
  description?: string;
  /** See RouteHandle.antd. */
  antd?: boolean;
  lazy?: () => Promise<{ Component: ComponentType }>;
  element?: ReactNode;
  children?: AppRoute[];
};

export type Shell = 'main' | 'outside' | 'h5' | 'site';
/** What a feature's routes.tsx exports: its routes per shell. */
export type FeatureRoutes = Partial<Record<Shell, AppRoute[]>>;

export type RouteContext = { region: TRegion; isTradeClient: () => boolean };

export function inRegion(region: RouteRegion, current: TRegion): boolean {
  return region === 'both' || region === current;
}

export function toRouteObjects(routes: readonly AppRoute[], ctx: RouteContext): RouteObject[] {
  return routes
    .filter((route) => inRegion(route.region, ctx.region))
    .map((route): RouteObject => {
      const handle: RouteHandle = { title: route.title, description: route.description, antd: route.antd };
      const loader = route.tradeOnly ? () => (ctx.isTradeClient() ? null : redirect('/')) : undefined;
      const lazy = route.lazy && withChunkTimeout(route.lazy);
      const common = { handle, loader, lazy, element: route.element };
      if (route.index) return { ...common, index: true };
      return { ...common, path: route.path, children: route.children && toRouteObjects(route.children, ctx) };
    });
}

/** All routes of one shell from every feature. */
export function routesOf(shell: Shell, features: readonly FeatureRoutes[]): AppRoute[] {
  return features.flatMap((feature) => feature[shell] ?? []);
}
