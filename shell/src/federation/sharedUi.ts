/**
 * The @printpool/ui entries the remotes' pages use. Because the shell imports them, its own
 * copies are in the share scope from the start: built with the shell's antd, they render inside
 * its ConfigProvider theme and App, and every remote gets them (shared singletons) instead of
 * the copy of whichever remote loads first. They load with the first remote page, alongside
 * the remote itself, and never on the dashboard's first load.
 */
export function loadSharedUi(): Promise<unknown> {
  return Promise.all([
    import('@printpool/ui/table'),
    import('@printpool/ui/input'),
    import('@printpool/ui/overlay'),
    import('@printpool/ui/form'),
    // Missing here, a remote ran its own copy, outside the shell's theme: its details tabs and
    // history in antd's default colours (e2e/tests/accessibilityOverlays.spec.ts).
    import('@printpool/ui/history'),
  ]);
}
