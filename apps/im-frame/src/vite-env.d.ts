/// <reference types="vite/client" />

// Build-time fallbacks for /runtime-config.js (contract 0001).
interface ImportMetaEnv {
  readonly VITE_IM_LBS_URL?: string;
  readonly VITE_IM_APP_KEY?: string;
  readonly VITE_CONSOLE_ORIGINS?: string;
}
