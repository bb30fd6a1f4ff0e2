/**
 * Radar's layering, checked by `npm run lint` (dependency-cruiser; docs/architecture.md):
 * features plug into Slack, never the other way round; the service client and the store know
 * neither; no import cycles in src/, type-only imports included (a cycle through types is still a
 * knot a newcomer has to untie).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'No import cycles in src/ (type-only imports count too).',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'features-meet-through-shared-modules',
      severity: 'error',
      comment:
        'A feature reaches another feature only through a shared module: a folder under src/features/ that exports no Feature (board, editions, background, fair-use, competitor-match, readout, living, notify).',
      from: { path: '^src/features/([^/]+)/' },
      to: {
        path: '^src/features/[^/]+/',
        pathNot: ['^src/features/$1/', '^src/features/(board|editions|background|fair-use|competitor-match|readout|living|notify)/'],
      },
    },
    {
      name: 'slack-knows-no-features',
      severity: 'error',
      comment: 'src/slack/ must not know the features: the composition root (src/radar.ts) hands them in.',
      from: { path: '^src/slack/' },
      to: { path: '^src/features/' },
    },
    {
      name: 'service-knows-no-features-or-slack',
      severity: 'error',
      comment: 'The service client must know neither the features nor Slack.',
      from: { path: '^src/service/' },
      to: { path: '^src/(features|slack)/' },
    },
    {
      name: 'store-knows-no-features-or-slack',
      severity: 'error',
      comment: 'The store must know neither the features nor Slack.',
      from: { path: '^src/store/' },
      to: { path: '^src/(features|slack)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
