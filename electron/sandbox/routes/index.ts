import type { SandboxRoutePlugin } from '../context';
import { cepRoutes } from './cep';
import { cnpjRoutes } from './cnpj';
import { contaRoutes } from './conta';
import { debugRoutes } from './debug';
import { distribuicaoDocumentosRoutes } from './distribuicao-documentos';
import { distribuicaoManifestacaoRoutes } from './distribuicao-manifestacoes';
import { distribuicaoNfeRoutes } from './distribuicao-nfe';
import { dfeCteRoutes } from './dfe-cte';
import { dfeCteOsRoutes } from './dfe-cteos';
import { dfeDceRoutes } from './dfe-dce';
import { dfeMdfeRoutes } from './dfe-mdfe';
import { emailRoutes } from './emails';
import { empresaRoutes } from './empresas';
import { empresaCertificadoRoutes } from './empresas-certificado';
import { empresaConfigRoutes } from './empresas-config';
import { empresaLogoRoutes } from './empresas-logo';
import { oauthRoutes } from './oauth';

/**
 * The registration point: every plugin listed here is registered by `startSandbox`, each in
 * its own encapsulated scope, with the shared `SandboxContext`. Document services (CT-e,
 * CT-e OS, DC-e, MDF-e, NF-e distribution) add their plugins (`dfe-*.ts`) to this list.
 * The control API (`/_sandbox`) is registered by the server itself, not from here.
 */
export const sandboxRoutes: SandboxRoutePlugin[] = [
  oauthRoutes,
  empresaRoutes,
  empresaCertificadoRoutes,
  empresaConfigRoutes,
  empresaLogoRoutes,
  cepRoutes,
  cnpjRoutes,
  contaRoutes,
  emailRoutes,
  debugRoutes,
  dfeCteRoutes,
  dfeCteOsRoutes,
  dfeDceRoutes,
  dfeMdfeRoutes,
  distribuicaoNfeRoutes,
  distribuicaoDocumentosRoutes,
  distribuicaoManifestacaoRoutes,
];
