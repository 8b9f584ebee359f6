import { App } from "aws-cdk-lib";
import { addNagPacks } from "./nag.ts";
import { addStage } from "./stage.ts";

/** `npx cdk synth|deploy [-c stage=prod] [-c region=eu-west-1]`: one stage per command (infra/stage.ts). */
const app = new App();
addNagPacks(app);
addStage(app);
