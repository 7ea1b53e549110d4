// Loads the app's scripts once a prerendered page has been painted (apps/server/src/http/index-html.ts
// puts this in place of the module script): the HTML and CSS draw the page, the scripts only make
// it interactive, so they do not compete with the first paint for a phone's bandwidth.
// A classic deferred script (not a module): it runs once the page is parsed and its CSS is in.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  var modules = ((script && script.getAttribute('data-modules')) || '').split(' ').filter(Boolean);
  if (!entry) return;
  function load() {
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
  var started = false;
  function start() {
    if (started) return;
    started = true;
    load();
  }
  // Once the browser reports the first paint; a frame later where it does not report paints. A page
  // that never paints (a background tab) gets its scripts after a second all the same.
  var types = (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('paint') >= 0) {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
    setTimeout(start, 1000);
  } else {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
})();
