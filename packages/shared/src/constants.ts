/** Business constants and timings named by the specification. */
export const API_BASE_PATH = '/api';
export const REQUEST_TIMEOUT_MS = 30_000;

export const COOKIE_NAMES = {
  token: 'token',
  refreshToken: 'refreshToken',
  currentCompanyId: 'currentCompanyId',
} as const;

export const COOKIE_LIFETIMES = {
  tokenHours: 30,
  refreshTokenDays: 7,
  currentCompanyIdDays: 7,
} as const;

export const STORAGE_KEYS = {
  sidebarCollapsed: 'dashboardSidebarCollapsed',
  tenantSidebarCollapsed: 'tenantSidebarCollapsed',
  theme: 'theme',
} as const;

export const PAGE_SIZES = {
  default: 10,
  max: 100,
  properties: 12,
  adminUsers: 10,
  companyUsers: 20,
  templates: 20,
  popularTemplates: 10,
  maintenanceRequests: 10,
  notifications: 20,
  limitedCompanyUsers: 100,
} as const;

export const TIMINGS = {
  toastDurationMs: 5000,
  permissionCacheMs: 300_000,
  permissionAutoRefreshMs: 300_000,
  limitedCompanyUsersCacheMs: 300_000,
  sidebarHoverExpandMs: 90,
  sidebarLeaveCollapseMs: 140,
  sidebarLabelsDelayMs: 350,
  navSearchFocusMs: 80,
  permissionReloadMs: 100,
  chunkLoadTimeoutMs: 120_000,
  socketReconnectDelayMs: 1000,
  socketReconnectDelayMaxMs: 5000,
  socketTimeoutMs: 20_000,
} as const;

export const SIDEBAR_WIDTH_PX = { expanded: 256, collapsed: 80 } as const;

export const PASSWORD_RULES = { minLength: 8, maxLength: 128 } as const;

export const DEFAULT_CURRENCY = 'INR';
export const FOOTER_YEAR = 2025;

/** A plan limit of -1 means unlimited. */
export const UNLIMITED = -1;
