export { ORGANISATION_CATEGORIES } from "./organisation.js";
export type { Organisation, OrganisationCategory, OrganisationDirectory } from "./organisation.js";
export { ORGANISATIONS } from "./organisation-data.js";
export { createOrganisationDirectory } from "./organisation-directory.js";
export { withoutMeansAndMarks } from "./means-and-marks.js";
