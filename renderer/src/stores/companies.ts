// The Empresas screens' data: the registered companies of the current environment. Saving a company
// also refreshes the shell's company selector, so the new company can be chosen at once.
import { defineStore } from 'pinia';
import { ref } from 'vue';

import type { Company, CompanyDto, CompanyInput } from '@shared/schemas/company';
import { invoke } from '../bridge';
import { useAppStore } from './app';

export interface CompanyFilter {
  cpfCnpj?: string;
  nome?: string;
}

export const useCompaniesStore = defineStore('companies', () => {
  const companies = ref<CompanyDto[]>([]);
  const loading = ref(false);
  /** Why the list could not be read; null when it was. */
  const error = ref<unknown>(null);
  const loaded = ref(false);
  /** Set when the list is what the API gave earlier (offline): when it was read (ISO instant). */
  const savedAt = ref<string | null>(null);
  /** The offline list came inside a restored backup; the API has not confirmed it since. */
  const fromBackup = ref(false);
  let request = 0;

  async function load(filter: CompanyFilter = {}): Promise<void> {
    const mine = ++request;
    loading.value = true;
    try {
      const input: CompanyFilter = {};
      if (filter.cpfCnpj?.trim()) input.cpfCnpj = filter.cpfCnpj.trim();
      if (filter.nome?.trim()) input.nome = filter.nome.trim();
      const result = await invoke('companies:list', input);
      // A slower, older request must not overwrite the answer to what the user typed last.
      if (mine !== request) return;
      companies.value = result.companies;
      savedAt.value = result.fromCache ? (result.savedAt ?? null) : null;
      fromBackup.value = result.fromBackup === true;
      error.value = null;
      loaded.value = true;
    } catch (failure) {
      if (mine === request) error.value = failure;
    } finally {
      if (mine === request) loading.value = false;
    }
  }

  function get(cpfCnpj: string): Promise<CompanyDto> {
    return invoke('companies:get', { cpfCnpj });
  }

  /** Saves (creates or updates); throws the CommandError for the form to show next to its fields. */
  async function save(company: Company | CompanyInput): Promise<CompanyDto> {
    const saved = await invoke('companies:save', company as CompanyInput);
    const index = companies.value.findIndex((item) => item.cpf_cnpj === saved.cpf_cnpj);
    if (index >= 0) companies.value[index] = saved;
    else companies.value.push(saved);
    await refreshShell(saved.cpf_cnpj);
    return saved;
  }

  async function refreshShell(savedCnpj: string): Promise<void> {
    const app = useAppStore();
    try {
      // The main side selects the first company saved; read the settings back to show it.
      app.settings = await invoke('settings:get');
    } catch {
      // The selector keeps its current state; the company was saved all the same.
    }
    await app.loadCompanies();
    const selected = app.settings?.selectedCompany ?? null;
    // A selection left over from another environment (the demonstration company) is not in this
    // list: the company just registered is the one the user means to work with.
    const stale = selected != null && !app.companies.some((c) => c.cnpj === selected);
    if (!app.companiesError && stale) {
      try {
        await app.updateSettings({ selectedCompany: savedCnpj });
      } catch {
        // Leaves the choice to the selector.
      }
    }
  }

  return { companies, loading, loaded, error, savedAt, fromBackup, load, get, save };
});
