/**
 * Bid packages from the command line (the Admin Panel's Bid Packages tab does the same in the browser):
 *
 *   npm run seed:packages                              add the three default packages that are missing
 *   npm run seed:packages -- --list                    print the packages
 *   npm run seed:packages -- --file packages.json      create or replace the packages in the file
 *   npm run seed:packages -- --delete <id>             remove one package
 *
 * The file holds a JSON array of {id, name, bidCount, price: "25.00", savings: 0-100, popular, active?}
 * (a replaced package stays active or inactive unless `active` is given).
 * Target: the local stack's table by default; a deployed table with TABLE_NAME and AWS_REGION set
 * (or --table/--region), using the normal AWS credentials.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    list: { type: "boolean", default: false },
    file: { type: "string" },
    delete: { type: "string" },
    table: { type: "string" },
    region: { type: "string" },
    endpoint: { type: "string" },
  },
});

const tableName = values.table ?? process.env.TABLE_NAME;
const deployed = Boolean(tableName) && !process.env.AWS_ENDPOINT_URL_DYNAMODB && !values.endpoint;
process.env.TABLE_NAME = tableName ?? "penny-auction-local";
process.env.AWS_REGION = values.region ?? process.env.AWS_REGION ?? "us-east-1";
if (values.endpoint) process.env.AWS_ENDPOINT_URL_DYNAMODB = values.endpoint;
if (!deployed && !process.env.AWS_ENDPOINT_URL_DYNAMODB) {
  process.env.AWS_ENDPOINT_URL_DYNAMODB = `http://127.0.0.1:${process.env.DYNAMO_PORT ?? 8000}`;
}
if (process.env.AWS_ENDPOINT_URL_DYNAMODB) {
  process.env.AWS_ACCESS_KEY_ID ??= "local";
  process.env.AWS_SECRET_ACCESS_KEY ??= "local";
}

// Imported only now: the DynamoDB client must see the environment chosen above.
const { deleteBidPackage, listBidPackages, seedBidPackages, upsertBidPackages } = await import(
  "./seed/bid-packages.ts"
);
const { centsToDecimal } = await import("#shared/money");

const target = `${process.env.TABLE_NAME} (${process.env.AWS_ENDPOINT_URL_DYNAMODB ?? process.env.AWS_REGION})`;
try {
  if (values.file) {
    const ids = await upsertBidPackages(JSON.parse(readFileSync(values.file, "utf8")));
    console.log(`Wrote ${ids.join(", ")} to ${target}`);
  } else if (values.delete) {
    const removed = await deleteBidPackage(values.delete);
    console.log(
      removed ? `Deleted ${values.delete} from ${target}` : `No package ${values.delete} in ${target}`,
    );
  } else if (!values.list) {
    const written = await seedBidPackages();
    console.log(
      written.length ? `Added ${written.join(", ")} to ${target}` : `Default packages already in ${target}`,
    );
  }
  console.table(
    (await listBidPackages()).map((p) => ({
      id: p.id,
      name: p.name,
      bidCount: p.bidCount,
      price: centsToDecimal(p.priceCents),
      savings: p.savings,
      popular: p.popular,
      active: p.active,
    })),
  );
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
