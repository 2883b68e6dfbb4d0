// What other modules may use of the auth module; its repository and routes stay inside.
export type { AuthService, LoginResult, UserAccount, UserInfo } from './auth.service';
export { DEMO_OTHER_SESSIONS, seedDemoSessions } from './sessions.seed';
