import { Injectable } from '@nestjs/common';
import * as oidc from 'openid-client';
import { AuthConfig, type OidcProviderConfig } from '../auth.config.js';
import { ProviderDisabledError, ProviderUnavailableError } from '../auth.errors.js';

/** Plain http is allowed only for a provider on this machine (development, tests). */
function isLoopback(issuer: URL): boolean {
  return issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
}

/** The configured OpenID Connect providers and their discovered metadata. */
@Injectable()
export class OidcProviders {
  private readonly discovered = new Map<string, Promise<oidc.Configuration>>();

  constructor(private readonly config: AuthConfig) {}

  list(): { id: string; name: string }[] {
    return this.config.oidcProviders.map(({ id, name }) => ({ id, name }));
  }

  /** The provider's settings; an unknown id gets `provider_disabled`. */
  find(id: string): OidcProviderConfig {
    const provider = this.config.oidcProviders.find((candidate) => candidate.id === id);
    if (!provider) throw new ProviderDisabledError();
    return provider;
  }

  /** Discovers a provider once; a failed discovery is forgotten, so the next sign-in tries again. */
  async configuration(provider: OidcProviderConfig): Promise<oidc.Configuration> {
    let configuration = this.discovered.get(provider.id);
    if (!configuration) {
      const issuer = new URL(provider.issuer);
      configuration = oidc.discovery(
        issuer,
        provider.clientId,
        provider.clientSecret,
        undefined,
        isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
      );
      this.discovered.set(provider.id, configuration);
      configuration.catch(() => this.discovered.delete(provider.id));
    }
    try {
      return await configuration;
    } catch (error) {
      throw new ProviderUnavailableError(error instanceof Error ? error.message : String(error));
    }
  }
}
