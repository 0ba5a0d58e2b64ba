// The actions layer: every domain action once, for registry commands and buttons alike (see DESIGN.md "Actions are written once").
export * as tasks from './tasks';
export * as quickAdd from './quickAdd';
export * as labels from './labels';
export * as buckets from './buckets';
export * as comments from './comments';
export * as attachments from './attachments';
export * as relations from './relations';
export * as users from './users';
export * as lists from './lists';
export * as filters from './filters';
export * as exports from './exports';
