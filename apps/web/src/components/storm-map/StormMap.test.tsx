import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StormMap, TRACK_COLOURS, type MapTrack } from './StormMap';

afterEach(cleanup);

/** A storm crossing Grenada from the east: a depression, then a tropical storm, then a Category 3. */
const track: MapTrack = {
  id: 'AL992026',
  name: 'TESTER',
  points: [
    { time: '2026-09-01T00:00:00Z', status: 'TD', lat: 11.8, lon: -59.5, windKt: 30 },
    { time: '2026-09-01T06:00:00Z', status: 'TS', lat: 12.0, lon: -60.5, windKt: 50 },
    { time: '2026-09-01T12:00:00Z', status: 'HU', lat: 12.1, lon: -61.7, windKt: 105 },
    { time: '2026-09-01T18:00:00Z', status: 'HU', lat: 12.3, lon: -63.0, windKt: 105 },
  ],
};

describe('StormMap', () => {
  it('draws the island, both boxes and the track by class, named and described for screen readers', () => {
    const { container } = render(<StormMap countries={['gd']} tracks={[track]} title="Map of Grenada" description="Grenada with both boxes and Tester's track." />);
    const map = screen.getByRole('img', { name: 'Map of Grenada' });
    expect(map.getAttribute('aria-describedby')).toBe(screen.getByText("Grenada with both boxes and Tester's track.").id);
    expect(container.querySelectorAll('.storm-map-island')).toHaveLength(1);
    expect(container.querySelectorAll('.storm-map-box1')).toHaveLength(1);
    expect(container.querySelectorAll('.storm-map-box2')).toHaveLength(1);
    // Three stretches: below tropical-storm strength (dashed), tropical storm, Category 3.
    const strokes = [...container.querySelectorAll('polyline.storm-map-track')].map((line) => line.getAttribute('stroke'));
    expect(strokes).toEqual([TRACK_COLOURS.OTHER, TRACK_COLOURS.TS, TRACK_COLOURS.C3]);
    expect(container.querySelector('polyline.storm-map-track.is-weak')).not.toBeNull();
    // The legend lists the classes drawn, and only those.
    const legend = screen.getByRole('list', { name: 'Map legend' });
    expect(legend.textContent).toContain('Tropical Storm');
    expect(legend.textContent).toContain('Category 3');
    expect(legend.textContent).not.toContain('Category 5');
    expect(screen.getByText('Tester', { selector: '.storm-map-label' })).toBeTruthy();
  });

  it('fits both islands when asked, and draws no track when there is none', () => {
    const { container } = render(<StormMap countries={['gd', 'dm']} tracks={[]} title="Windward Islands" description="No storm." />);
    expect(container.querySelectorAll('.storm-map-island')).toHaveLength(2);
    expect(container.querySelectorAll('polyline')).toHaveLength(0);
    const [, , width, height] = container.querySelector('svg')!.getAttribute('viewBox')!.split(' ').map(Number);
    // Dominica lies some 370 km north of Grenada: the map is taller than wide.
    expect(height!).toBeGreaterThan(width!);
  });
});
