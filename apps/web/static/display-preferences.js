/*
 * Runs before the first paint (a classic script in <head>, allowed by the CSP as a same-origin
 * file), so large text, a dark or high-contrast theme, reduced motion or the legible font are in
 * place before anything is drawn. The React settings panel calls the same function through
 * window.juntosApplyDisplayPreferences, so there is one definition of how preferences apply.
 */
(function () {
  'use strict';
  var KEY = 'display_preferences';
  // The device's dark mode: followed until the member chooses a theme, also when it changes while
  // the page is open (a phone that turns dark at sunset).
  var deviceDark = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  var applied = null;

  // packages/domain's normalizeDisplayPreferences reads the same: `theme`, or the older `dark: true`.
  function isDark(p) {
    var theme = p.theme === 'light' || p.theme === 'dark' ? p.theme : p.dark === true ? 'dark' : 'device';
    return theme === 'dark' || (theme === 'device' && deviceDark !== null && deviceDark.matches);
  }

  function apply(preferences) {
    var p = preferences || {};
    applied = p;
    var root = document.documentElement;
    var dark = isDark(p);
    var size = typeof p.textSize === 'number' ? Math.min(200, Math.max(100, p.textSize)) : 100;
    root.style.fontSize = size === 100 ? '' : size + '%';
    // Large text changes the layout as well as the letters (app/base.css and the frame's site-layout.css: bars that stay in place).
    root.setAttribute('data-text-size', size >= 125 ? 'large' : 'normal');
    root.setAttribute('data-contrast', p.highContrast === true ? 'high' : 'normal');
    root.setAttribute('data-theme', dark ? 'dark' : 'light');
    root.setAttribute('data-motion', p.reduceMotion === true ? 'reduce' : 'auto');
    root.setAttribute('data-font', p.legibleFont === true ? 'legible' : 'default');
    // Easy-read mode: larger targets and pictograms (app/base.css, components/ui/pictogram.css); its texts come from the `easy` namespace.
    root.setAttribute('data-reading', p.easyRead === true ? 'easy' : 'standard');
    // The title bar takes the page's background (--color-bg of app/base.css for each theme).
    var themeColor = document.querySelector('meta[name="theme-color"]');
    if (themeColor)
      themeColor.setAttribute('content', p.highContrast === true ? '#000000' : dark ? '#10181d' : '#ffffff');
  }

  var stored = null;
  try {
    stored = JSON.parse(window.localStorage.getItem(KEY) || 'null');
  } catch {
    stored = null;
  }
  apply(stored);
  window.juntosApplyDisplayPreferences = apply;
  if (deviceDark !== null)
    deviceDark.addEventListener('change', function () {
      apply(applied);
    });
})();
