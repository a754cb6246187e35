/** Lazy loader of PlannedPage for route objects (`lazy: plannedPage`). */
export const plannedPage = () => import('./planned-page').then((m) => ({ Component: m.PlannedPage }));
