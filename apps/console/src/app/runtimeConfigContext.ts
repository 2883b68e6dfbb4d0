import { createContext, useContext } from 'react';
import type { RuntimeConfig } from './runtimeConfig';

export const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig needs <RuntimeConfigContext.Provider> (see app/AppProviders.tsx)');
  return config;
}
