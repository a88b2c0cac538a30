import { createSprinkles, defineProperties } from '@vanilla-extract/sprinkles';
import { media, vars } from './theme.css';

/** Atomic spacing and layout, responsive from phone to desktop. */
const layout = defineProperties({
  conditions: { mobile: {}, tablet: { '@media': media.tablet }, desktop: { '@media': media.desktop } },
  defaultCondition: 'mobile',
  properties: {
    display: ['none', 'block', 'flex', 'grid', 'inline-flex'],
    flexDirection: ['row', 'column'],
    flexWrap: ['wrap', 'nowrap'],
    alignItems: ['stretch', 'flex-start', 'center', 'flex-end', 'baseline'],
    justifyContent: ['flex-start', 'center', 'flex-end', 'space-between'],
    gap: vars.space,
    padding: vars.space,
    paddingX: vars.space,
    paddingY: vars.space,
    marginTop: vars.space,
    marginBottom: vars.space,
    textAlign: ['left', 'center', 'right'],
  },
  shorthands: {},
});

const colors = defineProperties({
  properties: {
    color: vars.color,
    background: vars.color,
    fontSize: vars.fontSize,
    borderRadius: vars.radius,
  },
});

export const sprinkles = createSprinkles(layout, colors);
export type Sprinkles = Parameters<typeof sprinkles>[0];
