import { genericWrongType } from '../shapeRules';

export const wrongTypeRule = genericWrongType('views');

export { wrongTypeDecision as decision } from '../shapeRules';
