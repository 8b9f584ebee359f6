/**
 * The house's fences (`npm run check:imports`, part of `npm test`): layers import only downwards, web
 * features stay apart, and nothing imports in a circle. docs/decisions.md, "Fences".
 *
 *   functions/domain      pure rules: imports nothing of adapters, http, usecases or handlers
 *   functions/adapters    storage and services: never http, usecases or handlers
 *   functions/usecases    orchestration: never http or handlers (refusals are functions/domain/errors.ts),
 *                         one folder per feature (usecases/<feature>/), no loose files at its top level;
 *                         bidding never imports the agent engine (agents build on bidding)
 *   web/src/features/x    never another feature; shared pieces live in web/src/components or web/src/lib
 *   web/src/components, web/src/lib   never a feature (what composes features lives in web/src/app)
 *   zod                   only through shared/schemas/zod.ts (its error map keeps the product's messages)
 *
 * No violation is tolerated: the first one fails the run.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules that import each other in a circle.",
      from: {},
      to: { circular: true },
    },
    {
      name: "ses-only-in-the-email-sender",
      severity: "error",
      comment:
        "Only the email sender (functions/handlers/notifications/send-email.ts) may reach SES, through functions/adapters/email/ses-sender.ts (the one importer of the SES client: tests/unit/notifications/ses-client.test.ts).",
      from: { pathNot: "^functions/(handlers/notifications/send-email|adapters/email/ses-sender)[.]ts$" },
      to: { path: "^functions/adapters/email/ses-sender[.]ts$" },
    },
    {
      name: "zod-through-shared-schemas-zod",
      severity: "error",
      comment:
        'Only shared/schemas/zod.ts imports zod: it installs the error map that keeps the product\'s zod 3 messages (docs/decisions.md). Import it as `import * as z from "#shared/schemas/zod"`; types may come from anywhere.',
      from: { pathNot: "^shared/schemas/zod[.]ts$" },
      to: { path: "(^|/)node_modules/zod/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "domain-is-pure",
      severity: "error",
      comment: "functions/domain holds pure rules: no storage, no HTTP, no orchestration.",
      from: { path: "^functions/domain/" },
      to: { path: "^functions/(adapters|http|usecases|handlers)/" },
    },
    {
      name: "adapters-below-http",
      severity: "error",
      comment: "Adapters know storage and services, not requests or use cases.",
      from: { path: "^functions/adapters/" },
      to: { path: "^functions/(http|usecases|handlers)/" },
    },
    {
      name: "usecases-below-http",
      severity: "error",
      comment: "Use cases raise domain refusals; the HTTP layer maps them.",
      from: { path: "^functions/usecases/" },
      to: { path: "^functions/(http|handlers)/" },
    },
    {
      name: "usecases-in-feature-folders",
      severity: "error",
      comment:
        "A use case lives in its feature's folder (functions/usecases/<feature>/x.ts, the feature named as in domain and adapters), so a feature's files sort together in every layer.",
      from: {},
      to: { path: "^functions/usecases/[^/]+[.]ts$" },
    },
    {
      name: "bidding-below-agents",
      severity: "error",
      comment:
        "The Bid Agent engine places its bids through bidding's one bid operation; bidding never imports the engine (a change reaches the agents through the agent queue, functions/adapters/agents/next-check.ts).",
      from: { path: "^functions/usecases/bidding/" },
      to: { path: "^functions/usecases/agents/" },
    },
    {
      name: "features-apart",
      severity: "error",
      comment:
        "A web feature never imports another: move shared pieces to components/ or lib/, compose in app/.",
      from: { path: "^web/src/features/([^/]+)/" },
      to: { path: "^web/src/features/", pathNot: "^web/src/features/$1/" },
    },
    {
      name: "shared-web-below-features",
      severity: "error",
      comment: "components/ and lib/ are used by features, never the other way round.",
      from: { path: "^web/src/(components|lib)/" },
      to: { path: "^web/src/features/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // node_modules stays in (not followed) so a rule can name a package: the zod rule above.
    exclude: { path: "(^|/)(cdk\\.out|dist)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
  },
};
