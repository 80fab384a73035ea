import type { ElementProps } from '../siteDoc.ts';
import { buttonElement } from './button/buttonElement.tsx';
import { cardElement } from './card/cardElement.tsx';
import { containerElement } from './container/containerElement.tsx';
import { footerElement } from './footer/footerElement.tsx';
import { formElement } from './form/formElement.tsx';
import { gridElement } from './grid/gridElement.tsx';
import { headerElement } from './header/headerElement.tsx';
import { imageElement } from './image/imageElement.tsx';
import { navbarElement } from './navbar/navbarElement.tsx';
import { productCardElement } from './product-card/productCardElement.tsx';
import { productGridElement } from './product-grid/productGridElement.tsx';
import { sectionElement } from './section/sectionElement.tsx';
import { sectionLayoutElement } from './section-layout/sectionLayoutElement.tsx';
import { shoppingCartElement } from './shopping-cart/shoppingCartElement.tsx';
import { textElement } from './text/textElement.tsx';
import { ELEMENT_TYPES, type ElementDefinition, type ElementType } from './types.ts';

/** Every element type by name. */
export const ELEMENTS: Record<ElementType, ElementDefinition> = {
  header: headerElement,
  text: textElement,
  button: buttonElement,
  image: imageElement,
  section: sectionElement,
  footer: footerElement,
  navbar: navbarElement,
  card: cardElement,
  form: formElement,
  'product-card': productCardElement,
  'product-grid': productGridElement,
  'shopping-cart': shoppingCartElement,
  grid: gridElement,
  container: containerElement,
  'section-layout': sectionLayoutElement,
};

export function isElementType(type: string): type is ElementType {
  return (ELEMENT_TYPES as readonly string[]).includes(type);
}

/** The definition of a type, or null for an unknown one (never rendered). */
export function definitionOf(type: string): ElementDefinition | null {
  return isElementType(type) ? ELEMENTS[type] : null;
}

/** Applies the type's limits to edited properties. */
export function normalizeProps(type: string, props: ElementProps): ElementProps {
  const definition = definitionOf(type);
  return definition?.normalize ? definition.normalize(props) : props;
}
