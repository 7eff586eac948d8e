import type { Migration } from '../migrations';
import { migration as m0001 } from './0001-app-meta';
import { migration as m0002 } from './0002-documents';
import { migration as m0003 } from './0003-issuing';
import { migration as m0004 } from './0004-inbox';
import { migration as m0005 } from './0005-issuing-numbers';
import { migration as m0006 } from './0006-inbox-roles';
import { migration as m0007 } from './0007-mail-log';
import { migration as m0008 } from './0008-address-book-folded';
import { migration as m0009 } from './0009-mdfe';
import { migration as m0010 } from './0010-emission-brasilia-time';
import { migration as m0011 } from './0011-search-places';
import { migration as m0012 } from './0012-mdfe-issuing';
import { migration as m0015 } from './0015-mdfe-search';
import { migration as m0016 } from './0016-inbox-instant';
import { migration as m0017 } from './0017-known-companies';
import { migration as m0018 } from './0018-restore-review';
import { migration as m0019 } from './0019-averbacao';
import { migration as m0020 } from './0020-averbacao-contingencia';
import { migration as m0021 } from './0021-mdfe-brasilia-time';
import { migration as m0022 } from './0022-mdfe-payees';
import { migration as m0023 } from './0023-inbox-tabs';

/** Every migration, in order. A new file in this folder must be added here (a test checks it). */
export const migrations: readonly Migration[] = [
  m0001,
  m0002,
  m0003,
  m0004,
  m0005,
  m0006,
  m0007,
  m0008,
  m0009,
  m0010,
  m0011,
  m0012,
  m0015,
  m0016,
  m0017,
  m0018,
  m0019,
  m0020,
  m0021,
  m0022,
  m0023,
];
