// Draws the charts of a Pilot report from the JSON embedded in the page (every number is computed by Pilot; this
// script only draws). Charts are uPlot: hover a chart for its values (legend), drag across it to zoom, double-click
// to zoom out. window.pilotCharts lists every chart with its uPlot instance, for tests and for the curious.
(function () {
  'use strict';
  var DATA = JSON.parse(document.getElementById('pilot-data').textContent);
  var charts = [];
  window.pilotCharts = charts;
  var WIDTH = 520;
  var HEIGHT = 240;
  var COLORS = ['#1f77b4', '#ff7f0e', '#2ca02c', '#9467bd', '#8c564b'];

  function num(v) {
    if (v === null || v === undefined || !isFinite(v)) { return '-'; }
    var a = Math.abs(v);
    if (a !== 0 && (a < 1e-3 || a >= 1e6)) { return v.toExponential(4); }
    return String(+v.toPrecision(6));
  }

  // The decimals that show a tick step exactly (0.25 → 2, 0.0005 → 4, 20 → 0), at most 12.
  function decimals(step) {
    for (var d = 0; d < 12; d++) {
      var scaled = step * Math.pow(10, d);
      if (Math.abs(scaled - Math.round(scaled)) <= 1e-6 * Math.max(1, Math.abs(scaled))) { return d; }
    }
    return 12;
  }

  // Axis tick labels as precise as their step: uPlot's own rounded every label to 3 decimals, so a PI of 0.0001 s
  // got an axis of 0, 0, 0 (and 1e-7 steps above 1e6 lost the distinction the other way).
  function ticks(u, splits, axisIdx, space, step) {
    var top = 0;
    splits.forEach(function (v) { if (v !== null) { top = Math.max(top, Math.abs(v)); } });
    if (!(step > 0)) { return splits.map(num); }
    if (top !== 0 && (top < 1e-3 || top >= 1e6)) {
      var e = Math.floor(Math.log10(top));
      var d = decimals(step / Math.pow(10, e));
      return splits.map(function (v) {
        return v === null ? null : v === 0 ? '0' : (v / Math.pow(10, e)).toFixed(d) + 'e' + e;
      });
    }
    var dec = decimals(step);
    return splits.map(function (v) { return v === null ? null : v.toFixed(dec); });
  }

  function pValue(p) { return p < 0.001 ? 'p < 0.001' : 'p = ' + num(p); }

  function unitLabel(spec) { return spec.unit ? ' (' + spec.unit + ')' : ''; }

  // A shaded x range or a vertical mark, kept in place through zooms (redrawn on every draw).
  function overlay(u, cls, from, to, text, title) {
    var el = document.createElement('div');
    el.className = cls;
    el.dataset.from = from;
    el.dataset.to = to;
    if (title) { el.title = title; }
    if (text) {
      var s = document.createElement('span');
      s.textContent = text;
      el.appendChild(s);
    }
    u.over.appendChild(el);
    return { el: el, from: from, to: to };
  }

  function place(u, overlays) {
    overlays.forEach(function (o) {
      var a = u.valToPos(o.from, 'x');
      if (o.to === null) {
        o.el.style.left = a + 'px';
      } else {
        var b = u.valToPos(o.to, 'x');
        o.el.style.left = a + 'px';
        o.el.style.width = Math.max(0, b - a) + 'px';
      }
    });
  }

  // Counts what the chart drew: the non-null values of every data series within the x range on screen.
  function drawnCount(u) {
    var total = 0;
    for (var s = 1; s < u.series.length; s++) {
      if (u.series[s].show === false || u.series[s].counted === false) { continue; }
      var ys = u.data[s];
      var lo = u.scales.x.min;
      var hi = u.scales.x.max;
      for (var i = 0; i < ys.length; i++) {
        if (ys[i] !== null && ys[i] !== undefined && u.data[0][i] >= lo && u.data[0][i] <= hi) { total++; }
      }
    }
    return total;
  }

  function make(spec, el, title, opts, data, note) {
    var cap = document.createElement('figcaption');
    cap.textContent = title;
    el.appendChild(cap);
    var entry = { id: spec.id, kind: spec.kind, pi: spec.pi, expected: spec.data.n, overlays: [], draws: 0,
      drawn: 0, plot: null };
    opts.width = WIDTH;
    opts.height = HEIGHT;
    opts.scales = opts.scales || {};
    opts.scales.x = Object.assign({ time: false }, opts.scales.x || {});
    (opts.axes || []).forEach(function (a) { if (!a.values) { a.values = ticks; } });
    opts.hooks = {
      draw: [function (u) {
        place(u, entry.overlays);
        entry.draws++;
        entry.drawn = drawnCount(u);
        el.dataset.drawn = entry.drawn;
      }]
    };
    var u = new uPlot(opts, data, el);
    entry.plot = u;
    charts.push(entry);
    if (note) {
      var p = document.createElement('p');
      p.className = 'note';
      p.textContent = note;
      el.appendChild(p);
    }
    return entry;
  }

  function padded(u, min, max) { return [min - 0.5, max + 0.5]; }

  function series(spec, label, color, many) {
    return { label: label, stroke: color, width: 1, value: function (u, v) { return num(v); },
      points: { show: !many, size: 4 } };
  }

  function readings(spec, el, title, xLabel) {
    var d = spec.data;
    var many = d.x.length > 400;
    var e = make(spec, el, title, {
      scales: { x: { range: padded } },
      axes: [{ label: xLabel }, { label: spec.pi + unitLabel(spec), size: 60 }],
      series: [{ label: xLabel, value: function (u, v) { return v === null ? '-' : String(v); } },
        series(spec, spec.pi, COLORS[0], many)]
    }, [d.x, d.y], (d.thinned ? 'Thinned for drawing: ' + d.x.length + ' of ' + d.n
      + ' points (each bucket\'s minimum and maximum). ' : '') + (spec.kind === 'units'
      ? 'The warm-up and cool-down cut from every round are shown by position in the round.' : shadeNote(d)));
    var u = e.plot;
    (d.shades || []).forEach(function (s) {
      e.overlays.push(overlay(u, 'pilot-shade ' + (s.label === 'warm-up' ? 'warmup' : 'cooldown'), s.from, s.to,
        s.label + ' (' + s.count + ')', s.label + ' removed: ' + s.count + ' samples, mean ' + num(s.mean)
          + (s.pValue === null ? '' : ', ' + pValue(s.pValue))));
    });
    (d.changes || []).forEach(function (c) {
      e.overlays.push(overlay(u, 'pilot-mark change', c.x, null, 'shift', 'level shift at round ' + c.round
        + ' (analysed sample ' + c.sample + '): ' + num(c.before) + ' → ' + num(c.after) + ', ' + pValue(c.pValue)));
    });
    place(u, e.overlays);
    return e;
  }

  function shadeNote(d) {
    var parts = (d.shades || []).map(function (s) {
      return s.label + ': ' + s.count + ' removed' + (s.pValue === null ? '' : ' (' + pValue(s.pValue) + ')');
    });
    (d.changes || []).forEach(function (c) {
      parts.push('level shift at round ' + c.round + ' (analysed sample ' + c.sample + '): ' + num(c.before) + ' → ' + num(c.after));
    });
    return parts.length ? 'Shaded: ' + parts.join('; ') + '.' : 'Nothing was removed as warm-up or cool-down.';
  }

  function looks(spec, el) {
    var d = spec.data;
    var e = make(spec, el, 'CI half-width and mean as the session grew', {
      scales: { x: { range: padded }, m: {} },
      axes: [{ label: 'rounds recorded' }, { label: 'CI half-width' + unitLabel(spec), size: 60 },
        { scale: 'm', side: 1, label: 'mean' + unitLabel(spec), size: 60, grid: { show: false } }],
      series: [{ label: 'rounds' }, series(spec, 'CI half-width', COLORS[0], false),
        { label: 'target half-width', stroke: '#c0392b', dash: [6, 4], width: 1.5, points: { show: false }, value: function (u, v) { return num(v); } },
        { label: 'mean', stroke: COLORS[2], scale: 'm', width: 1, value: function (u, v) { return num(v); } }]
    }, [d.x, d.half, d.target, d.mean], 'Re-analysed at ' + d.x.length + ' looks; the session stopped after '
      + d.stop + ' rounds. The CI must fall under the dashed target line for the session to stop on its own.');
    e.expected = d.x.length * 3;
    e.overlays.push(overlay(e.plot, 'pilot-mark stop', d.stop, null, 'stopped', 'the session stopped after ' + d.stop
      + ' rounds'));
    place(e.plot, e.overlays);
    return e;
  }

  function histogram(spec, el) {
    var d = spec.data;
    var e = make(spec, el, 'Distribution of the readings kept', {
      scales: { x: { range: function (u, min, max) { return [min - d.binWidth, max + d.binWidth]; } },
        y: { range: function (u, min, max) { return [0, max * 1.08]; } } },
      axes: [{ label: spec.pi + unitLabel(spec) }, { label: 'rounds', size: 50 }],
      series: [{ label: spec.pi, value: function (u, v) { return num(v); } },
        { label: 'count', stroke: COLORS[0], fill: 'rgba(31,119,180,0.35)',
          paths: uPlot.paths.bars({ size: [1, Infinity], align: 0 }), points: { show: false } }]
    }, [d.x, d.counts], d.n + ' readings in ' + d.x.length + ' bins of ' + num(d.binWidth) + '; mean ' + num(d.mean)
      + ', median ' + num(d.median) + (d.ciLow === null ? ', no CI' : ', CI [' + num(d.ciLow) + ', ' + num(d.ciHigh)
      + ']') + '.');
    e.expected = d.x.length;
    e.overlays.push(overlay(e.plot, 'pilot-mark mean', d.mean, null, 'mean'));
    e.overlays.push(overlay(e.plot, 'pilot-mark median', d.median, null, 'median'));
    if (d.ciLow !== null) {
      e.overlays.push(overlay(e.plot, 'pilot-mark ci', d.ciLow, null, 'CI'));
      e.overlays.push(overlay(e.plot, 'pilot-mark ci', d.ciHigh, null, ''));
    }
    place(e.plot, e.overlays);
    return e;
  }

  function autocorrelation(spec, el) {
    var d = spec.data;
    var up = d.x.map(function () { return d.limit; });
    var down = d.x.map(function () { return -d.limit; });
    var e = make(spec, el, 'Lag-1 autocorrelation of block means', {
      scales: { x: { distr: 3 } },
      axes: [{ label: 'block (subsession) size' }, { label: 'r1', size: 50 }],
      series: [{ label: 'size' }, series(spec, 'r1', COLORS[0], d.x.length > 200),
        { label: d.method === 'pilot' ? 'limit' : 'limit (pilot method)', stroke: '#c0392b', dash: [6, 4], counted: false,
          points: { show: false }, value: function (u, v) { return num(v); } },
        { label: '-limit', stroke: '#c0392b', dash: [6, 4], counted: false, points: { show: false }, value: function (u, v) { return num(v); } }]
    }, [d.x, d.r, up, down], (d.method === 'pilot' ? 'The pilot method takes the smallest size whose |r1| is '
      + 'within the limit: ' : 'The AR method models what correlation remains; the batch size its CI rests on: ')
      + (d.chosen > 0 ? d.chosen : 'none') + '.');
    e.expected = d.x.length;
    if (d.chosen > 0) {
      e.overlays.push(overlay(e.plot, 'pilot-mark chosen', d.chosen, null, 'chosen ' + d.chosen));
      place(e.plot, e.overlays);
    }
    return e;
  }

  function wps(spec, el) {
    var d = spec.data;
    var opts = {
      scales: { x: {} },
      axes: [{ label: 'work amount' }, { label: 'round duration (s)', size: 60 }],
      series: [{ label: 'work' },
        { label: 'rounds', stroke: COLORS[0], paths: function () { return null; }, points: { show: true, size: 5 },
          value: function (u, v) { return num(v); } }]
    };
    var data = [d.x, d.y];
    var note = d.n + ' rounds; status ' + d.status;
    if (d.fit) {
      opts.series.push({ label: 'fit t = α + w/v', stroke: '#c0392b', width: 1.5, counted: false, points: { show: false },
        value: function (u, v) { return num(v); } });
      opts.series.push({ label: 'v at CI low', stroke: 'rgba(192,57,43,0.4)', counted: false, dash: [4, 3],
        points: { show: false },
        value: function (u, v) { return num(v); } });
      opts.series.push({ label: 'v at CI high', stroke: 'rgba(192,57,43,0.4)', counted: false, dash: [4, 3],
        points: { show: false },
        value: function (u, v) { return num(v); } });
      opts.bands = [{ series: [3, 4], fill: 'rgba(192,57,43,0.12)' }];
      data = [d.x, d.y, d.fit, d.high, d.low];
      note = 'α = ' + num(d.alpha) + ' s, v = ' + num(d.v) + ' work/s (CI ' + num(d.vLow) + ' – '
        + (d.vHigh === null ? '∞' : num(d.vHigh)) + '), R² = ' + num(d.rSquared) + '; ' + d.roundsUsed
        + ' rounds used. The band holds the lines with v at its CI bounds.';
    }
    return make(spec, el, 'Round duration against work amount', opts, data, note);
  }

  DATA.charts.forEach(function (spec) {
    var el = document.getElementById(spec.id);
    switch (spec.kind) {
      case 'readings': readings(spec, el, 'Readings over rounds', 'round'); break;
      case 'looks': looks(spec, el); break;
      case 'histogram': histogram(spec, el); break;
      case 'autocorrelation': autocorrelation(spec, el); break;
      case 'units': readings(spec, el, 'Unit readings, all rounds in order', 'unit reading'); break;
      case 'ensemble': readings(spec, el, 'Unit readings by position in the round (mean over rounds)',
        'position in round'); break;
      case 'wps': wps(spec, el); break;
      default: throw new Error('unknown chart kind ' + spec.kind);
    }
  });
})();
