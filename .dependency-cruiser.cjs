/**
 * The dependency rule (docs/architecture.md#the-dependency-rule), checked by
 * `npm run lint` (`depcruise`): a file imports only what stands below it.
 *
 * server/src, bottom to top: config and i18n, db, lib, then the
 * infrastructure (envelope, adapters, observability, spa), then the modules
 * (in the layers of MODULE_LAYERS), then app and seed, then the entry points
 * (main, migrate, admin, scripts). A module imports only modules of a lower
 * layer: never one of its own layer, never one above, so no two modules
 * import each other. Tests (*.test.ts) may reach anything they test.
 *
 * web/src: components and lib never import features or app. No file reaches
 * itself through the imports that run when it loads.
 */

/** server/src's folders and root files, bottom to top; an entry imports only entries of a lower place. */
const SERVER_LAYERS = [
  ['config', 'i18n'],
  ['db'],
  ['lib'],
  ['envelope', 'adapters', 'observability', 'spa'],
  ['modules'],
  ['app', 'seed'],
  ['main.ts', 'migrate.ts', 'admin', 'scripts', 'faults', 'deploy'],
];

/**
 * The modules, bottom to top (docs/architecture.md#modules): commerce flows
 * one way — checkout (orders, coupons, products) below payments, which calls
 * fulfilment (memberships, redeem, company seats) with what it needs.
 */
const MODULE_LAYERS = [
  ['audit', 'outbox', 'keys', 'user', 'products', 'staff-audit'],
  ['nodes', 'company', 'coupons', 'trade', 'dev', 'storage', 'staff'],
  ['codes', 'memberships', 'second-factor'],
  ['session', 'orders'],
  [
    'avatar',
    'devices',
    'invoice',
    'receipts',
    'password',
    'redeem',
    'profile',
    'third-party',
    'two-factor',
    'device-sign-in',
  ],
  ['account', 'payments', 'subscriptions', 'registration', 'data-export'],
  ['jobs', 'recovery', 'store-purchases'],
  ['console'],
];

const NOT_TEST = '\\.test\\.tsx?$';
const escapeDots = (s) => s.replace(/[.]/g, '\\.');
const serverEntry = (name) => `^server/src/${escapeDots(name)}${name.endsWith('.ts') ? '$' : '/'}`;
const moduleDir = (name) => `^server/src/modules/${name}/`;

function layerRules(layers, pathOf, kind) {
  const rules = [];
  layers.forEach((layer, i) => {
    const above = layers.slice(i + 1).flat();
    for (const name of layer) {
      const peers = layer.filter((other) => other !== name);
      const forbidden = [...above, ...peers];
      if (forbidden.length === 0) continue;
      rules.push({
        name: `${kind}-${name}-imports-only-below`,
        comment: `${name} imports only ${kind}s of a lower layer (none of its own layer, none above)`,
        severity: 'error',
        from: { path: pathOf(name), pathNot: NOT_TEST },
        to: { path: forbidden.map(pathOf) },
      });
    }
  });
  return rules;
}

module.exports = {
  forbidden: [
    ...layerRules(SERVER_LAYERS, serverEntry, 'server-layer'),
    ...layerRules(MODULE_LAYERS, moduleDir, 'module'),
    {
      name: 'web-components-and-lib-below-features-and-app',
      comment: 'web components and lib are shared by every feature: they never import a feature or the app',
      severity: 'error',
      from: { path: '^web/src/(components|lib)/', pathNot: NOT_TEST },
      to: { path: '^web/src/(features|app)/' },
    },
    {
      name: 'no-import-loops',
      comment:
        'no file reaches itself through the imports that run when it loads (a type import or a lazy import() back is no loop)',
      severity: 'error',
      from: { path: '^(server|web)/src/', pathNot: NOT_TEST },
      to: {
        circular: true,
        dependencyTypesNot: ['type-only', 'dynamic-import'],
        viaOnly: { dependencyTypesNot: ['type-only', 'dynamic-import'] },
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-test)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
