import { genericWrongType } from '../shapeRules';

export const wrongTypeRule = genericWrongType('commands');

export { wrongTypeDecision as decision } from '../shapeRules';
