/** The web's routes: the one table lives in shared/ because the emails link to the same pages. */
export { paths } from "#shared/paths";
