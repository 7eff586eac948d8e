// The contract between the renderer and the command table: every channel with the zod schema of
// its input and output. Transports (Electron IPC, the web host) and the renderer's bridge are
// typed from this table; handlers receive the parsed input.
import { z } from 'zod';

import './zod-locale';

import type { CommandChannel, EventChannel } from './channels';
import {
  connectionTestInputSchema,
  connectionTestResultSchema,
  credentialsInputSchema,
  credentialsQuerySchema,
  credentialsStatusSchema,
  quotasResultSchema,
} from './schemas/account';
import { appInfoSchema, connectivitySchema, noticeSchema } from './schemas/app';
import {
  averbacaoChangedSchema,
  averbacaoContingenciaInputSchema,
  averbacaoContingenciaSchema,
  averbacaoDocInputSchema,
  averbacaoDocSchema,
  averbacaoListInputSchema,
  averbacaoListSchema,
  averbacaoRetryInputSchema,
  averbacaoRowSchema,
  averbacaoSummarySchema,
  averbacaoTripInputSchema,
  averbacaoTripSchema,
  insurerCompanySchema,
  insurerSettingsInputSchema,
  insurerSettingsViewSchema,
  insurerTestInputSchema,
  insurerTestResultSchema,
  mdfeDefaultsSchema,
} from './schemas/averbacao';
import { cteCancelOutputSchema, cteCorrectOutputSchema, cteRecordSchema } from './schemas/doc-events';
import {
  certificateHandleSchema,
  certificateInfoSchema,
  certificateInspectInputSchema,
  certificateListInputSchema,
  certificateListSchema,
  certificateLoadInputSchema,
  certificateUploadInputSchema,
  logoInputSchema,
  optionalLogoSchema,
  registeredCertificateSchema,
} from './schemas/certificate';
import {
  cepLookupSchema,
  cepQuerySchema,
  cnpjListInputSchema,
  cnpjListSchema,
  cnpjLookupSchema,
  cnpjQuerySchema,
  companyAnswerSchema,
  companyInputSchema,
  companyKeySchema,
  companyListInputSchema,
  companyListSchema,
  companySchema,
} from './schemas/company';
import {
  emailGetInputSchema,
  emailListInputSchema,
  emailListSchema,
  emailSummarySchema,
  sefazStatusInputSchema,
  sefazStatusSchema,
  serviceConfigGetInputSchema,
  serviceConfigResultSchema,
  serviceConfigSetInputSchema,
} from './schemas/service-config';
import {
  addressDeleteInputSchema,
  addressListSchema,
  addressSaveInputSchema,
  addressSearchInputSchema,
  cancelInputSchema,
  cancelWindowSchema,
  correctInputSchema,
  cteDebugOutputSchema,
  cteFileInputSchema,
  cteFileOutputSchema,
  cteIssueInputSchema,
  ctePreviewSchema,
  docRefSchema,
  draftCopySchema,
  draftDuplicateInputSchema,
  draftIdSchema,
  draftListInputSchema,
  draftListSchema,
  draftSaveInputSchema,
  draftSchema,
  issueOutcomeSchema,
  numberingScopeInputSchema,
  numberingSetInputSchema,
  numberingStateSchema,
  okSchema,
  outboxListInputSchema,
  outboxListSchema,
  outboxResolveInputSchema,
  outboxResolveSchema,
  prefillInputSchema,
  nfeInUseInputSchema,
  nfeInUseOutputSchema,
  prefillOutputSchema,
} from './schemas/issuing';
import {
  dceCancelInputSchema,
  dceCancelOutputSchema,
  dceDebugOutputSchema,
  dceFileInputSchema,
  dceFileOutputSchema,
  dceIssueInputSchema,
  dceIssueOutcomeSchema,
  dceKeysInputSchema,
  dceListInputSchema,
  dceListSchema,
  dcePreviewSchema,
  dceRecordSchema,
  dceRefSchema,
} from './schemas/dce-form';
import { heldListSchema, heldReviewInputSchema, heldReviewResultSchema } from './schemas/restore-review';
import {
  backupCreateResultSchema,
  backupRestoreInputSchema,
  backupRestoreResultSchema,
  backupStatusSchema,
  dashboardInputSchema,
  dashboardSchema,
  documentDetailSchema,
  documentExportInputSchema,
  documentExportResultSchema,
  documentFileInputSchema,
  documentFileSchema,
  documentIdSchema,
  documentSearchInputSchema,
  documentSearchResultSchema,
  documentSyncInputSchema,
  documentSyncResultSchema,
  producedFileSchema,
  syncProgressSchema,
} from './schemas/documents';
import {
  printBatchInputSchema,
  printBatchResultSchema,
  printInputSchema,
  printPdfInputSchema,
  printPreviewInputSchema,
  printPreviewSchema,
  printProgressSchema,
  printResultSchema,
  printersSchema,
} from './schemas/printing';
import {
  inboxCompanySchema,
  inboxCountsSchema,
  inboxDistributeInputSchema,
  inboxDistributeResultSchema,
  inboxFileInputSchema,
  inboxFileSchema,
  inboxKeyInputSchema,
  inboxListInputSchema,
  inboxListSchema,
  inboxManifestInputSchema,
  inboxManifestResultSchema,
  inboxManifestationsInputSchema,
  inboxManifestationsSchema,
  inboxNfeXmlInputSchema,
  inboxNfeXmlSchema,
  inboxNoteDetailSchema,
  inboxPendingInputSchema,
  inboxPendingSchema,
  inboxSaveResultSchema,
  inboxStatusSchema,
} from './schemas/inbox';
import {
  mailComposeSchema,
  mailDocSchema,
  mailLogSchema,
  mailSendInputSchema,
  mailSendResultSchema,
  mailSettingsInputSchema,
  mailSettingsViewSchema,
  mailTestInputSchema,
  mailTestResultSchema,
} from './schemas/mail';
import {
  municipioGetInputSchema,
  municipioGetSchema,
  municipioListSchema,
  municipioSearchInputSchema,
} from './schemas/municipio';
import {
  driverDeleteInputSchema,
  driverListSchema,
  driverSaveInputSchema,
  mdfeCancelInputSchema,
  mdfeCloseInputSchema,
  mdfeCompanySchema,
  mdfeDetailSchema,
  mdfeDriverInputSchema,
  mdfeEventOutcomeSchema,
  mdfeIncludeDfeInputSchema,
  mdfeIssueInputSchema,
  mdfeIssueOutcomeSchema,
  mdfeListInputSchema,
  mdfeListSchema,
  mdfeOpenSchema,
  mdfePrintInputSchema,
  mdfePrintSchema,
  mdfeRefreshSchema,
  mdfeRefSchema,
  mdfeXmlInputSchema,
  mdfeXmlSchema,
  registryOkSchema,
  payeeDeleteInputSchema,
  payeeListSchema,
  storedDriverSchema,
  storedVehicleSchema,
  vehicleDeleteInputSchema,
  vehicleListInputSchema,
  vehicleListSchema,
  vehicleSaveInputSchema,
} from './schemas/mdfe';
import {
  mdfeFormInputSchema,
  mdfeIssueFormInputSchema,
  mdfePrefillInputSchema,
  mdfePrefillSchema,
  mdfePreviewSchema,
} from './schemas/mdfe-form';
import { settingsPatchSchema, settingsSchema } from './schemas/settings';

export * from './channels';

export interface CommandDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
}

const empty = z.object({}).strict();

function command<I extends z.ZodType, O extends z.ZodType>(input: I, output: O): CommandDef<I, O> {
  return { input, output };
}

export const commands = {
  'app:info': command(empty, appInfoSchema),
  'settings:get': command(empty, settingsSchema),
  'settings:update': command(settingsPatchSchema, settingsSchema),
  'connectivity:check': command(empty, connectivitySchema),
  'credentials:get': command(credentialsQuerySchema, credentialsStatusSchema),
  'credentials:set': command(credentialsInputSchema, credentialsStatusSchema),
  'credentials:clear': command(credentialsQuerySchema, credentialsStatusSchema),
  'connection:test': command(connectionTestInputSchema, connectionTestResultSchema),
  'account:quotas': command(empty, quotasResultSchema),
  'companies:list': command(companyListInputSchema, companyListSchema),
  'companies:get': command(companyKeySchema, companyAnswerSchema),
  'companies:save': command(companyInputSchema, companySchema),
  'lookup:cep': command(cepQuerySchema, cepLookupSchema),
  'lookup:cnpj': command(cnpjQuerySchema, cnpjLookupSchema),
  'lookup:cnpjList': command(cnpjListInputSchema, cnpjListSchema),
  'municipio:search': command(municipioSearchInputSchema, municipioListSchema),
  'municipio:get': command(municipioGetInputSchema, municipioGetSchema),
  'certificate:pick': command(empty, certificateHandleSchema.nullable()),
  'certificate:load': command(certificateLoadInputSchema, certificateHandleSchema),
  'certificate:inspect': command(certificateInspectInputSchema, certificateInfoSchema),
  'certificate:upload': command(certificateUploadInputSchema, registeredCertificateSchema),
  'certificates:list': command(certificateListInputSchema, certificateListSchema),
  'logo:get': command(companyKeySchema, optionalLogoSchema),
  'logo:set': command(logoInputSchema, optionalLogoSchema),
  'logo:remove': command(companyKeySchema, optionalLogoSchema),
  'serviceConfig:get': command(serviceConfigGetInputSchema, serviceConfigResultSchema),
  'serviceConfig:set': command(serviceConfigSetInputSchema, serviceConfigResultSchema),
  'sefaz:status': command(sefazStatusInputSchema, sefazStatusSchema),
  'emails:list': command(emailListInputSchema, emailListSchema),
  'emails:get': command(emailGetInputSchema, emailSummarySchema),
  'documents:search': command(documentSearchInputSchema, documentSearchResultSchema),
  'documents:get': command(documentIdSchema, documentDetailSchema),
  'documents:file': command(documentFileInputSchema, documentFileSchema),
  'documents:sync': command(documentSyncInputSchema, documentSyncResultSchema),
  'documents:export': command(documentExportInputSchema, documentExportResultSchema),
  'documents:dashboard': command(dashboardInputSchema, dashboardSchema),
  'backup:create': command(empty, backupCreateResultSchema),
  'backup:restore': command(backupRestoreInputSchema, backupRestoreResultSchema),
  'backup:status': command(empty, backupStatusSchema),
  'cte:issue': command(cteIssueInputSchema, issueOutcomeSchema),
  'cte:preview': command(cteIssueInputSchema, ctePreviewSchema),
  'cte:get': command(docRefSchema, cteRecordSchema),
  'cte:cancel': command(cancelInputSchema, cteCancelOutputSchema),
  'cte:cancelWindow': command(docRefSchema, cancelWindowSchema),
  'cte:correct': command(correctInputSchema, cteCorrectOutputSchema),
  'cte:sync': command(docRefSchema, cteRecordSchema),
  'cte:files': command(cteFileInputSchema, cteFileOutputSchema),
  'cte:debug': command(docRefSchema, cteDebugOutputSchema),
  'cte:prefillFromNfe': command(prefillInputSchema, prefillOutputSchema),
  'cte:nfeInUse': command(nfeInUseInputSchema, nfeInUseOutputSchema),
  'numbering:get': command(numberingScopeInputSchema, numberingStateSchema),
  'numbering:set': command(numberingSetInputSchema, numberingStateSchema),
  'outbox:list': command(outboxListInputSchema, outboxListSchema),
  'outbox:resolve': command(outboxResolveInputSchema, outboxResolveSchema),
  'outbox:held': command(empty, heldListSchema),
  'outbox:review': command(heldReviewInputSchema, heldReviewResultSchema),
  'mdfe:list': command(mdfeListInputSchema, mdfeListSchema),
  'mdfe:get': command(mdfeRefSchema, mdfeDetailSchema),
  'mdfe:open': command(mdfeCompanySchema, mdfeOpenSchema),
  'mdfe:refresh': command(mdfeCompanySchema, mdfeRefreshSchema),
  'mdfe:issue': command(mdfeIssueInputSchema, mdfeIssueOutcomeSchema),
  'mdfe:cancel': command(mdfeCancelInputSchema, mdfeEventOutcomeSchema),
  'mdfe:close': command(mdfeCloseInputSchema, mdfeEventOutcomeSchema),
  'mdfe:includeDriver': command(mdfeDriverInputSchema, mdfeEventOutcomeSchema),
  'mdfe:includeDfe': command(mdfeIncludeDfeInputSchema, mdfeEventOutcomeSchema),
  'mdfe:sync': command(mdfeRefSchema, mdfeDetailSchema),
  'mdfe:xml': command(mdfeXmlInputSchema, mdfeXmlSchema),
  'mdfe:pdf': command(mdfeXmlInputSchema, producedFileSchema),
  'mdfe:print': command(mdfePrintInputSchema, mdfePrintSchema),
  'mdfe:prefill': command(mdfePrefillInputSchema, mdfePrefillSchema),
  'mdfe:preview': command(mdfeFormInputSchema, mdfePreviewSchema),
  'mdfe:issueForm': command(mdfeIssueFormInputSchema, mdfeIssueOutcomeSchema),
  'vehicles:list': command(vehicleListInputSchema, vehicleListSchema),
  'vehicles:save': command(vehicleSaveInputSchema, storedVehicleSchema),
  'vehicles:delete': command(vehicleDeleteInputSchema, registryOkSchema),
  'drivers:list': command(mdfeCompanySchema, driverListSchema),
  'drivers:save': command(driverSaveInputSchema, storedDriverSchema),
  'drivers:delete': command(driverDeleteInputSchema, registryOkSchema),
  'payees:list': command(mdfeCompanySchema, payeeListSchema),
  'payees:delete': command(payeeDeleteInputSchema, registryOkSchema),
  'dce:issue': command(dceIssueInputSchema, dceIssueOutcomeSchema),
  'dce:preview': command(dceIssueInputSchema, dcePreviewSchema),
  'dce:get': command(dceRefSchema, dceRecordSchema),
  'dce:cancel': command(dceCancelInputSchema, dceCancelOutputSchema),
  'dce:files': command(dceFileInputSchema, dceFileOutputSchema),
  'dce:list': command(dceListInputSchema, dceListSchema),
  'dce:keysForCte': command(dceKeysInputSchema, dceListSchema),
  'dce:debug': command(dceRefSchema, dceDebugOutputSchema),
  'drafts:save': command(draftSaveInputSchema, draftSchema),
  'drafts:list': command(draftListInputSchema, draftListSchema),
  'drafts:get': command(draftIdSchema, draftSchema),
  'drafts:delete': command(draftIdSchema, okSchema),
  'drafts:duplicate': command(draftDuplicateInputSchema, draftCopySchema),
  'addressBook:search': command(addressSearchInputSchema, addressListSchema),
  'addressBook:save': command(addressSaveInputSchema, okSchema),
  'addressBook:delete': command(addressDeleteInputSchema, okSchema),
  'inbox:status': command(inboxCompanySchema, inboxStatusSchema),
  'inbox:distribute': command(inboxDistributeInputSchema, inboxDistributeResultSchema),
  'inbox:fetchKey': command(inboxKeyInputSchema, z.object({ documentos: z.number() })),
  'inbox:list': command(inboxListInputSchema, inboxListSchema),
  'inbox:get': command(inboxKeyInputSchema, inboxNoteDetailSchema),
  'inbox:manifest': command(inboxManifestInputSchema, inboxManifestResultSchema),
  'inbox:manifestations': command(inboxManifestationsInputSchema, inboxManifestationsSchema),
  'inbox:pending': command(inboxPendingInputSchema, inboxPendingSchema),
  'inbox:file': command(inboxFileInputSchema, inboxFileSchema),
  'inbox:save': command(inboxFileInputSchema, inboxSaveResultSchema),
  'inbox:nfeXml': command(inboxNfeXmlInputSchema, inboxNfeXmlSchema),
  'inbox:counts': command(inboxCompanySchema, inboxCountsSchema),
  'print:preview': command(printPreviewInputSchema, printPreviewSchema),
  'print:print': command(printInputSchema, printResultSchema),
  'print:pdf': command(printPdfInputSchema, producedFileSchema),
  'print:batch': command(printBatchInputSchema, printBatchResultSchema),
  'print:printers': command(empty, printersSchema),
  'mailSettings:get': command(empty, mailSettingsViewSchema),
  'mailSettings:set': command(mailSettingsInputSchema, mailSettingsViewSchema),
  'mail:test': command(mailTestInputSchema, mailTestResultSchema),
  'mail:compose': command(mailDocSchema, mailComposeSchema),
  'mail:send': command(mailSendInputSchema, mailSendResultSchema),
  'mail:log': command(mailDocSchema, mailLogSchema),
  'mdfe:mailCompose': command(mailDocSchema, mailComposeSchema),
  'mdfe:mailSend': command(mailSendInputSchema, mailSendResultSchema),
  'mdfe:mailLog': command(mailDocSchema, mailLogSchema),
  'averbacao:settingsGet': command(insurerCompanySchema, insurerSettingsViewSchema),
  'averbacao:settingsSave': command(insurerSettingsInputSchema, insurerSettingsViewSchema),
  'averbacao:settingsRemove': command(insurerCompanySchema, insurerSettingsViewSchema),
  'averbacao:test': command(insurerTestInputSchema, insurerTestResultSchema),
  'averbacao:summary': command(insurerCompanySchema, averbacaoSummarySchema),
  'averbacao:list': command(averbacaoListInputSchema, averbacaoListSchema),
  'averbacao:doc': command(averbacaoDocInputSchema, averbacaoDocSchema),
  'averbacao:retry': command(averbacaoRetryInputSchema, averbacaoRowSchema),
  'averbacao:trip': command(averbacaoTripInputSchema, averbacaoTripSchema),
  'averbacao:sendNow': command(averbacaoTripInputSchema, averbacaoTripSchema),
  'averbacao:contingencia': command(averbacaoContingenciaInputSchema, averbacaoContingenciaSchema),
  'mdfe:defaults': command(insurerCompanySchema, mdfeDefaultsSchema),
} satisfies Record<CommandChannel, CommandDef>;

export const events = {
  'connectivity:changed': connectivitySchema,
  'app:notice': noticeSchema,
  'sync:progress': syncProgressSchema,
  'inbox:changed': inboxCountsSchema,
  'print:progress': printProgressSchema,
  'averbacao:changed': averbacaoChangedSchema,
} satisfies Record<EventChannel, z.ZodType>;

// Both directions: an extra key in the tables is a compile error too.
type Exact<T, K extends PropertyKey> = Exclude<keyof T, K> extends never ? true : never;
const _commandsExact: Exact<typeof commands, CommandChannel> = true;
const _eventsExact: Exact<typeof events, EventChannel> = true;
void _commandsExact;
void _eventsExact;

type Commands = typeof commands;
type Events = typeof events;

/** What the caller passes (before defaults/coercion). */
export type CommandInput<C extends CommandChannel> = z.input<Commands[C]['input']>;
/** What the handler receives (after parsing). */
export type CommandParsedInput<C extends CommandChannel> = z.output<Commands[C]['input']>;
export type CommandOutput<C extends CommandChannel> = z.output<Commands[C]['output']>;
export type EventPayload<E extends EventChannel> = z.output<Events[E]>;

/** The API the preload exposes as `window.carreta` (and the web transport implements). */
export interface CarretaTransport {
  invoke(channel: string, input: unknown): Promise<unknown>;
  on(event: string, listener: (payload: unknown) => void): () => void;
  /**
   * The browser host only: streams a file too large for a command's JSON body to an upload route,
   * reporting progress; answers an envelope with the upload's id (see electron/web/uploads.ts).
   */
  upload?(route: 'backup', file: Blob, onProgress?: (sent: number, total: number) => void): Promise<unknown>;
}
