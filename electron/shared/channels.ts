// The names of every command and event channel. Kept apart from the zod schemas so the preload
// can enforce its allowlist without bundling zod; contract.ts must define each name exactly once
// (the type `ContractTable` makes a missing or extra entry a compile error).

export const commandChannels = [
  'app:info',
  'settings:get',
  'settings:update',
  'connectivity:check',
  'credentials:get',
  'credentials:set',
  'credentials:clear',
  'connection:test',
  'account:quotas',
  'companies:list',
  'companies:get',
  'companies:save',
  'lookup:cep',
  'lookup:cnpj',
  'lookup:cnpjList',
  'certificate:pick',
  'certificate:load',
  'certificate:inspect',
  'certificate:upload',
  'certificates:list',
  'logo:get',
  'logo:set',
  'logo:remove',
  'serviceConfig:get',
  'serviceConfig:set',
  'sefaz:status',
  'emails:list',
  'emails:get',
  'documents:search',
  'documents:get',
  'documents:file',
  'documents:sync',
  'documents:export',
  'documents:dashboard',
  'backup:create',
  'backup:restore',
  'backup:status',
  'cte:issue',
  'cte:preview',
  'cte:get',
  'cte:cancel',
  'cte:cancelWindow',
  'cte:correct',
  'cte:sync',
  'cte:files',
  'cte:debug',
  'cte:prefillFromNfe',
  'numbering:get',
  'numbering:set',
  'outbox:list',
  'outbox:resolve',
  'dce:issue',
  'dce:preview',
  'dce:get',
  'dce:cancel',
  'dce:files',
  'dce:list',
  'dce:keysForCte',
  'dce:debug',
  'drafts:save',
  'drafts:list',
  'drafts:get',
  'drafts:delete',
  'drafts:duplicate',
  'addressBook:search',
  'addressBook:save',
  'addressBook:delete',
  'inbox:status',
  'inbox:distribute',
  'inbox:fetchKey',
  'inbox:list',
  'inbox:get',
  'inbox:manifest',
  'inbox:manifestations',
  'inbox:pending',
  'inbox:file',
  'inbox:save',
  'inbox:nfeXml',
  'inbox:counts',
  'print:preview',
  'print:print',
  'print:pdf',
  'print:batch',
  'print:printers',
  'mailSettings:get',
  'mailSettings:set',
  'mail:test',
  'mail:compose',
  'mail:send',
  'mail:log',
] as const;

export const eventChannels = [
  'connectivity:changed',
  'app:notice',
  'sync:progress',
  'print:progress',
  'inbox:changed',
] as const;

export type CommandChannel = (typeof commandChannels)[number];
export type EventChannel = (typeof eventChannels)[number];

const commandSet: ReadonlySet<string> = new Set(commandChannels);
const eventSet: ReadonlySet<string> = new Set(eventChannels);

export function isCommandChannel(value: unknown): value is CommandChannel {
  return typeof value === 'string' && commandSet.has(value);
}

export function isEventChannel(value: unknown): value is EventChannel {
  return typeof value === 'string' && eventSet.has(value);
}
