/**
 * Curation: choosing which operations of a generated skill to keep. `chooseOperations`
 * decides by the spec's facts (tags, paths, resources, deprecated), `removeOperations` takes operations
 * out (their Operations entries and the types only they reached with them) and
 * `restoreOperations` puts them back; `curateConversion` is the CLI's use of the three.
 */
export { chooseOperations, matchesPathPattern, matchesPathQuery, type Chosen, type CurationChoices, type CurationSubject } from './choose';
export { operationsOrder, removeOperations, restoreOperations, type Removal, type RemovedOperation, type Restoration } from './remove';
export { curateConversion } from './curate';
export { curatedReport, reportAsCurated, REMOVED_REASON } from './report';
export { normalResource, operationResources } from './resources';
