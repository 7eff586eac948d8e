import type { ConnectivityView } from '../stores/app';

/**
 * What the shell says about the API: "Conectado" only when the credentials bought a token; a host
 * that answers while the client id/secret are missing or refused says so instead.
 */
export type ConnectionState = 'checking' | 'online' | 'credentials' | 'rejected' | 'failed' | 'offline';

export function connectionState(connection: ConnectivityView): ConnectionState {
  if (connection.online === null) return 'checking';
  if (!connection.online) return 'offline';
  switch (connection.access) {
    case 'ok':
      return 'online';
    case 'missing':
      return 'credentials';
    case 'rejected':
      return 'rejected';
    case 'failed':
      return 'failed';
    default:
      // Reachable, but no token checked yet.
      return 'checking';
  }
}

export const connectionStateLabels: Record<ConnectionState, string> = {
  checking: 'Verificando conexão…',
  online: 'Conectado',
  credentials: 'Sem credenciais',
  rejected: 'Credenciais recusadas',
  failed: 'API com problema',
  offline: 'Sem conexão',
};
