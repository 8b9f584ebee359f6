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
 *   web/src/features, components, lib never web/src/app (it composes them; what a feature needs of it
 *                         moves down to components/ or lib/)
 *   zod                   only through shared/schemas/zod.ts (its error map keeps the product's messages)
 *
 * No violation is tolerated: the first one fails the run.
 */
/** Every fence is an error: its name, why it stands (the message a violation prints), and the imports it refuses (from -> to). */
const fence = (name, comment, from, to) => ({ name, severity: "error", comment, from, to });

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    fence("no-circular", "Modules that import each other in a circle.", {}, { circular: true }),
    fence(
      "ses-only-in-the-email-sender",
      "Only the email sender (functions/handlers/alerts/send-alerts.ts) may reach SES, through functions/adapters/email/ses-sender.ts (the one importer of the SES client: tests/unit/notifications/ses-client.test.ts).",
      { pathNot: "^functions/(handlers/alerts/send-alerts|adapters/email/ses-sender)[.]ts$" },
      { path: "^functions/adapters/email/ses-sender[.]ts$" },
    ),
    fence(
      "zod-through-shared-schemas-zod",
      'Only shared/schemas/zod.ts imports zod: it installs the error map that keeps the product\'s zod 3 messages (docs/decisions.md). Import it as `import * as z from "#shared/schemas/zod"`; types may come from anywhere.',
      { pathNot: "^shared/schemas/zod[.]ts$" },
      { path: "(^|/)node_modules/zod/", dependencyTypesNot: ["type-only"] },
    ),
    fence(
      "domain-is-pure",
      "functions/domain holds pure rules: no storage, no HTTP, no orchestration.",
      { path: "^functions/domain/" },
      { path: "^functions/(adapters|http|usecases|handlers)/" },
    ),
    fence(
      "adapters-below-http",
      "Adapters know storage and services, not requests or use cases.",
      { path: "^functions/adapters/" },
      { path: "^functions/(http|usecases|handlers)/" },
    ),
    fence(
      "usecases-below-http",
      "Use cases raise domain refusals; the HTTP layer maps them.",
      { path: "^functions/usecases/" },
      { path: "^functions/(http|handlers)/" },
    ),
    fence(
      "usecases-in-feature-folders",
      "A use case lives in its feature's folder (functions/usecases/<feature>/x.ts, the feature named as in domain and adapters), so a feature's files sort together in every layer.",
      {},
      { path: "^functions/usecases/[^/]+[.]ts$" },
    ),
    fence(
      "bidding-below-agents",
      "The Bid Agent engine places its bids through bidding's one bid operation; bidding never imports the engine (a change reaches the agents through the agent queue, functions/adapters/agents/next-check.ts).",
      { path: "^functions/usecases/bidding/" },
      { path: "^functions/usecases/agents/" },
    ),
    fence(
      "features-apart",
      "A web feature never imports another: move shared pieces to components/ or lib/, compose in app/.",
      { path: "^web/src/features/([^/]+)/" },
      { path: "^web/src/features/", pathNot: "^web/src/features/$1/" },
    ),
    fence(
      "shared-web-below-features",
      "components/ and lib/ are used by features, never the other way round.",
      { path: "^web/src/(components|lib)/" },
      { path: "^web/src/features/" },
    ),
    fence(
      "web-app-on-top",
      "web/src/app composes features, components and lib; none of them imports it: move what they need of it to components/ or lib/.",
      { path: "^web/src/(features|components|lib)/" },
      { path: "^web/src/app/" },
    ),
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
