// The account side the shell watches in the background (certificate expiry, authorizer status) and
// the quotas of the Conta screen. The authorizer status is cached by the service for 5 minutes, so
// asking more often only spends requests: every refresh here is gated on the time of the last
// request, whoever asks (banners, Painel card, the Autorizadores tab).
import { defineStore } from 'pinia';
import { ref } from 'vue';

import type { CommandOutput } from '@shared/contract';
import { normalizeCnpj } from '@shared/format';
import type { Quota } from '@shared/schemas/account';
import type { RegisteredCertificate } from '@shared/schemas/certificate';
import { invoke } from '../bridge';

export const REFRESH_MS = 5 * 60_000;

export const sefazKinds = ['cte', 'cteos', 'dce', 'mdfe'] as const;
export type SefazKind = (typeof sefazKinds)[number];
export type SefazStatus = CommandOutput<'sefaz:status'>;

export interface StatusEntry {
  /** When the request started (ms): the 5-minute gate counts from here. */
  requestedAt: number;
  /** When the answers arrived (ms), for "consultado às". */
  checkedAt: number | null;
  statuses: Partial<Record<SefazKind, SefazStatus>>;
  errors: Partial<Record<SefazKind, string>>;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const useAccountStore = defineStore('account', () => {
  const quotas = ref<Quota[] | null>(null);
  const quotasLoading = ref(false);
  const quotasError = ref<string | null>(null);
  const quotasLoadedAt = ref<number | null>(null);

  const certificates = ref<RegisteredCertificate[] | null>(null);
  const certificatesRequestedAt = ref<number | null>(null);
  const certificatesError = ref<string | null>(null);
  const certificatesLoading = ref(false);
  /** Set when the list is what the API gave earlier (offline): when it was read. */
  const certificatesSavedAt = ref<string | null>(null);
  /** The offline list came inside a restored backup; the API has not confirmed it since. */
  const certificatesFromBackup = ref(false);

  const statusByCompany = ref<Record<string, StatusEntry>>({});
  const pendingStatus = new Map<string, Promise<void>>();
  let pendingCertificates: Promise<void> | null = null;

  /** Reads the quotas; throws the CommandError for the caller to show. */
  async function loadQuotas(): Promise<void> {
    quotasLoading.value = true;
    try {
      quotas.value = (await invoke('account:quotas')).quotas;
      quotasError.value = null;
      quotasLoadedAt.value = Date.now();
    } catch (error) {
      quotasError.value = messageOf(error);
      throw error;
    } finally {
      quotasLoading.value = false;
    }
  }

  function fresh(requestedAt: number | null | undefined): boolean {
    return requestedAt != null && Date.now() - requestedAt < REFRESH_MS;
  }

  /**
   * All registered certificates, expired included; at most once per 5 minutes unless `force` (a
   * certificate was just sent or removed: the Painel's card must not stay stale). Never throws.
   */
  function refreshCertificates(force = false): Promise<void> {
    if (pendingCertificates && !force) return pendingCertificates;
    if (!force && fresh(certificatesRequestedAt.value)) return Promise.resolve();
    certificatesRequestedAt.value = Date.now();
    certificatesLoading.value = true;
    pendingCertificates = invoke('certificates:list', { includeExpired: true })
      .then((result) => {
        certificates.value = result.certificates;
        certificatesSavedAt.value = result.fromCache ? (result.savedAt ?? null) : null;
        certificatesFromBackup.value = result.fromBackup === true;
        certificatesError.value = null;
      })
      .catch((error: unknown) => {
        certificatesError.value = messageOf(error);
      })
      .finally(() => {
        certificatesLoading.value = false;
        pendingCertificates = null;
      });
    return pendingCertificates;
  }

  /** The certificate of a company; with more than one, the one that lasts longest. */
  function certificateFor(cpfCnpj: string): RegisteredCertificate | null {
    const key = normalizeCnpj(cpfCnpj);
    const mine = (certificates.value ?? []).filter((item) => normalizeCnpj(item.cpfCnpj ?? '') === key);
    mine.sort((a, b) => (b.daysLeft ?? -Infinity) - (a.daysLeft ?? -Infinity));
    return mine[0] ?? null;
  }

  /** CT-e, CT-e OS and DC-e status of a company; at most once per 5 minutes per company. Never throws. */
  function refreshStatuses(cpfCnpj: string): Promise<void> {
    const pending = pendingStatus.get(cpfCnpj);
    if (pending) return pending;
    if (fresh(statusByCompany.value[cpfCnpj]?.requestedAt)) return Promise.resolve();
    const requestedAt = Date.now();
    // Keep showing the previous answers while the new ones are on their way.
    const previous = statusByCompany.value[cpfCnpj] ?? { checkedAt: null, statuses: {}, errors: {} };
    statusByCompany.value = { ...statusByCompany.value, [cpfCnpj]: { ...previous, requestedAt } };
    const run = Promise.allSettled(sefazKinds.map((kind) => invoke('sefaz:status', { kind, cpfCnpj })))
      .then((results) => {
        const entry: StatusEntry = { requestedAt, checkedAt: Date.now(), statuses: {}, errors: {} };
        results.forEach((result, index) => {
          const kind = sefazKinds[index];
          if (result.status === 'fulfilled') entry.statuses[kind] = result.value;
          else entry.errors[kind] = messageOf(result.reason);
        });
        statusByCompany.value = { ...statusByCompany.value, [cpfCnpj]: entry };
      })
      .finally(() => pendingStatus.delete(cpfCnpj));
    pendingStatus.set(cpfCnpj, run);
    return run;
  }

  function statusesFor(cpfCnpj: string | null | undefined): StatusEntry | null {
    return cpfCnpj ? (statusByCompany.value[cpfCnpj] ?? null) : null;
  }

  /** When the next status request for the company is allowed (ms), or null when it is now. */
  function nextStatusAt(cpfCnpj: string | null | undefined): number | null {
    const at = statusesFor(cpfCnpj)?.requestedAt;
    return fresh(at) ? at! + REFRESH_MS : null;
  }

  return {
    quotas,
    quotasLoading,
    quotasError,
    quotasLoadedAt,
    certificates,
    certificatesError,
    certificatesLoading,
    certificatesSavedAt,
    certificatesFromBackup,
    certificatesRequestedAt,
    statusByCompany,
    loadQuotas,
    refreshCertificates,
    certificateFor,
    refreshStatuses,
    statusesFor,
    nextStatusAt,
  };
});
