export { ApiError, apiRequest, isUnauthorizedError, unlessUnauthorized, type HttpMethod } from './api/apiRequest.js';
export { failureMessage } from './api/failureMessage.js';
export { downloadFile } from './api/downloadFile.js';
export { getQueryFn, queryKeyToPath, type UnauthorizedBehavior } from './api/queryFn.js';
export { createQueryClient } from './api/queryClient.js';
export { invalidateAfterMutation, ALWAYS_INVALIDATED } from './api/invalidate.js';
export { useNotifiedMutation, type Notice, type NotifiedMutationOptions } from './api/useNotifiedMutation.js';
export { listPageQuery, listPageUrl, useListPage, SEARCH_DEBOUNCE_MS, type ListPage, type ListPageQuery } from './list/listPage.js';
export { useListView, PAGE_SIZES, type ListView } from './list/useListView.js';
export { ListTools, ListFilterSelect, ListFilterText, ListDateRange } from './list/ListTools.js';
export { useDebouncedValue } from './list/useDebouncedValue.js';
export { useLiveUpdates, LIVE_PATH } from './live/useLiveUpdates.js';
export { createLiveInvalidator, LIVE_EVENT_KEYS, type LiveInvalidator } from './live/liveInvalidation.js';
export { useAuth, AUTH_USER_KEY } from './auth/useAuth.js';
export type { AuthUser } from './auth/user.js';
export { useSessionStore } from './auth/sessionStore.js';
export {
  useUnauthorizedRedirect,
  useRedirectWhenUnauthorized,
  LOGIN_PATH,
} from './auth/unauthorized.js';
export { useToast, type ToastOptions, type ToastVariant } from './toast/useToast.js';
export { TOAST_LIMIT, TOAST_DURATION_MS } from './toast/toastConfig.js';
export { afterToastIsSeen, navigateBrowser } from './browser.js';
export { PlatformProvider } from './PlatformProvider.js';
export { mountApp } from './mountApp.js';
export * from './router.js';
export { documentHref, DocumentLink, goTo } from './links/documentLinks.js';
export { NotFoundPage } from './NotFoundPage.js';
