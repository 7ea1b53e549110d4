// Brings a prerendered page to life in two steps (apps/server/src/http/index-html.ts puts this in
// place of the module script). The HTML and CSS draw the page; nothing else competes with them for a
// phone's bandwidth until it has been painted:
// 1. once painted, the web fonts: the text was drawn in a fallback sized to Inter's metrics
//    (styles/_fonts.scss), which Inter then replaces where it stands;
// 2. once the page has loaded (fonts included), the app's scripts, which make it interactive.
// A classic deferred script (not a module): it runs once the page is parsed and its CSS is in.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  var modules = ((script && script.getAttribute('data-modules')) || '').split(' ').filter(Boolean);

  function useWebFonts() {
    document.documentElement.classList.add('web-fonts');
  }

  function loadScripts() {
    if (!entry) return;
    modules.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var main = document.createElement('script');
    main.type = 'module';
    main.crossOrigin = '';
    main.src = entry;
    document.head.appendChild(main);
  }

  function afterLoad(then) {
    if (document.readyState === 'complete') setTimeout(then, 0);
    else
      window.addEventListener('load', function () {
        setTimeout(then, 0);
      });
  }

  var started = false;
  function painted() {
    if (started) return;
    started = true;
    useWebFonts();
    afterLoad(loadScripts);
  }

  // Once the browser reports the first paint; a frame later where it does not report paints. A page
  // that never paints (a background tab) goes on after a second all the same.
  var types = (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('paint') >= 0) {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(painted, 0);
    }).observe({ type: 'paint', buffered: true });
    setTimeout(painted, 1000);
  } else {
    requestAnimationFrame(function () {
      setTimeout(painted, 0);
    });
  }
})();
