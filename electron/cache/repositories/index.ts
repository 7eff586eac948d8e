import type { Database } from '../db';
import { AverbacaoRepository } from './averbacao';
import { DocumentBrowser } from './browse';
import { DocumentRepository } from './documents';
import { EventRepository } from './events';
import { AddressBookRepository, DraftRepository, OutboxRepository, SequenceRepository } from './issuing';
import { KnownCompaniesRepository } from './known-companies';
import { MdfeCacheRepository } from './mdfe';
import { PayeeRepository } from './payees';
import { RegistryRepository } from './registries';
import { SyncStateRepository } from './sync-state';

export * from './averbacao';
export * from './browse';
export * from './documents';
export * from './events';
export * from './files';
export * from './fts-query';
export * from './issuing';
export * from './known-companies';
export * from './mdfe';
export * from './payees';
export * from './registries';
export * from './sync-state';
export * from './types';

/** Every repository over one cache connection. */
export function createRepositories(db: Database) {
  const documents = new DocumentRepository(db);
  return {
    db,
    documents,
    files: documents.files,
    browser: new DocumentBrowser(db),
    events: new EventRepository(db),
    syncState: new SyncStateRepository(db),
    outbox: new OutboxRepository(db),
    drafts: new DraftRepository(db),
    addressBook: new AddressBookRepository(db),
    sequences: new SequenceRepository(db),
    mdfe: new MdfeCacheRepository(db),
    registries: new RegistryRepository(db),
    payees: new PayeeRepository(db),
    knownCompanies: new KnownCompaniesRepository(db),
    averbacao: new AverbacaoRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
