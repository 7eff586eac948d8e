// Clients of the averbadoras' services, one module each; the app picks one by the company's settings.
import { AtmRestClient } from './atm-rest';
import { AtmSoapClient } from './atm-soap';
import { PortoClient } from './porto';
import type { InsurerClient, InsurerEndpoint } from './types';

export * from './types';
export { rootName, withoutSupplements } from './xml';
export { describeMessages } from './atm-answer';

export function createInsurerClient(endpoint: InsurerEndpoint): InsurerClient {
  switch (endpoint.averbadora) {
    case 'atm-soap':
      return new AtmSoapClient(endpoint);
    case 'atm-rest':
      return new AtmRestClient(endpoint);
    case 'porto':
      return new PortoClient(endpoint);
  }
}
