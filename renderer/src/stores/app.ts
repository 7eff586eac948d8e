// What the whole shell needs: app info, settings, connectivity, and the startup state that decides
// between the loading screen, the error screen and the app.
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';

import type { AppInfo, Connectivity, Environment } from '@shared/schemas/app';
import type { Settings, SettingsPatch } from '@shared/schemas/settings';
import { invoke, on } from '../bridge';
import { useNotifyStore } from './notify';

export type StartupStatus = 'loading' | 'ready' | 'failed';

/** A company the selector can offer. Filled by the Empresas feature. */
export interface CompanyOption {
  cnpj: string;
  name: string;
}

export interface ConnectivityView {
  /** null while the first check is running. */
  online: boolean | null;
  target: string;
  reason?: string;
  checkedAt?: string;
  access?: Connectivity['access'];
  accessReason?: string;
}

export const useAppStore = defineStore('app', () => {
  const status = ref<StartupStatus>('loading');
  const startupError = shallowRef<unknown>(null);
  const info = ref<AppInfo | null>(null);
  const settings = ref<Settings | null>(null);
  const connectivity = ref<Connectivity | null>(null);
  const connectivityError = ref<string | null>(null);
  const browserOnline = ref(typeof navigator === 'undefined' ? true : navigator.onLine !== false);
  const companies = ref<CompanyOption[]>([]);
  /** Why the company list could not be read (offline, no credentials); null when it was. */
  const companiesError = ref<string | null>(null);
  /** Whether `companies` is an answer (fresh or kept on this computer), not just empty for lack of one. */
  const companiesLoaded = ref(false);
  /** Set when the list is what the API gave earlier (offline): when it was read (ISO instant). */
  const companiesSavedAt = ref<string | null>(null);
  /** The offline list came inside a restored backup; the API has not confirmed it since. */
  const companiesFromBackup = ref(false);
  let unsubscribe: Array<() => void> = [];
  let subscribed = false;

  const environment = computed<Environment>(
    () => settings.value?.environment ?? info.value?.environment ?? 'demonstracao',
  );

  const connection = computed<ConnectivityView>(() => {
    const target = connectivity.value?.target ?? '';
    if (!browserOnline.value) {
      return { online: false, target, reason: 'O computador está sem acesso à rede.' };
    }
    if (connectivityError.value) {
      return {
        online: false,
        target,
        reason: `Não foi possível verificar a conexão: ${connectivityError.value}`,
      };
    }
    if (!connectivity.value) return { online: null, target };
    return { ...connectivity.value };
  });

  function subscribe(): void {
    if (subscribed) return;
    stop();
    browserOnline.value = navigator.onLine !== false;
    const notify = useNotifyStore();
    const setOnline = () => (browserOnline.value = true);
    const setOffline = () => (browserOnline.value = false);
    window.addEventListener('online', setOnline);
    window.addEventListener('offline', setOffline);
    unsubscribe = [
      () => window.removeEventListener('online', setOnline),
      () => window.removeEventListener('offline', setOffline),
    ];
    unsubscribe.push(
      on('connectivity:changed', (payload) => {
        connectivity.value = payload;
        connectivityError.value = null;
      }),
    );
    unsubscribe.push(on('app:notice', (payload) => notify.notice(payload)));
    // The demonstração's first start writes settings while the shell is already open (its company
    // and the company's CT-e defaults), then syncs its month: read them again when that sync ends.
    let settingsReread = false;
    unsubscribe.push(
      on('sync:progress', (event) => {
        if (event.phase !== 'done' || settingsReread || environment.value !== 'demonstracao') return;
        settingsReread = true;
        void invoke('settings:get').then(
          (current) => {
            settings.value = current;
          },
          () => undefined,
        );
      }),
    );
    subscribed = true;
  }

  async function refreshConnectivity(): Promise<void> {
    try {
      connectivity.value = await invoke('connectivity:check');
      connectivityError.value = null;
    } catch (error) {
      connectivityError.value = error instanceof Error ? error.message : String(error);
    }
  }

  /** Loads what the shell needs; on failure the app shows the error screen with "Tentar novamente". */
  async function start(): Promise<void> {
    status.value = 'loading';
    startupError.value = null;
    try {
      subscribe();
      const [appInfo, current] = await Promise.all([invoke('app:info'), invoke('settings:get')]);
      info.value = appInfo;
      settings.value = current;
      status.value = 'ready';
      // A damaged settings file found at start: the host hands each notice out once.
      for (const notice of appInfo.notices ?? []) useNotifyStore().notice(notice);
    } catch (error) {
      startupError.value = error;
      status.value = 'failed';
      return;
    }
    void refreshConnectivity();
    void loadCompanies();
  }

  /** Reads the registered companies for the top-bar selector; a failure leaves the selector usable. */
  async function loadCompanies(): Promise<void> {
    try {
      const answer = await invoke('companies:list', {});
      companies.value = answer.companies.map((company) => ({
        cnpj: company.cpf_cnpj,
        name: company.nome_fantasia || company.nome_razao_social,
      }));
      companiesSavedAt.value = answer.fromCache ? (answer.savedAt ?? null) : null;
      companiesFromBackup.value = answer.fromBackup === true;
      companiesLoaded.value = true;
      companiesError.value = null;
    } catch (error) {
      companiesError.value = error instanceof Error ? error.message : String(error);
      return;
    }
    // One company and none chosen yet: there is nothing to choose.
    if (settings.value?.selectedCompany == null && companies.value.length === 1) {
      try {
        await updateSettings({ selectedCompany: companies.value[0].cnpj });
      } catch (error) {
        useNotifyStore().error(error, 'Não foi possível selecionar a empresa.');
      }
    }
  }

  /** Saves a settings patch; throws the CommandError for the caller to show next to its fields. */
  async function updateSettings(patch: SettingsPatch): Promise<Settings> {
    const next = await invoke('settings:update', patch);
    settings.value = next;
    if (info.value) info.value = { ...info.value, environment: next.environment };
    return next;
  }

  function stop(): void {
    for (const off of unsubscribe) off();
    unsubscribe = [];
    subscribed = false;
  }

  return {
    status,
    startupError,
    info,
    settings,
    connectivity,
    connection,
    browserOnline,
    companies,
    companiesError,
    companiesLoaded,
    companiesSavedAt,
    companiesFromBackup,
    environment,
    start,
    stop,
    refreshConnectivity,
    loadCompanies,
    updateSettings,
  };
});
