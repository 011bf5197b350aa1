/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One definition of the C string family for both character widths:
 * crt_strings.c includes this twice, once with CH = char (str*) and once
 * with CH = WCHAR (wcs*). Deliberately no include guard. Expects:
 *   CH        character type          UCH   its unsigned form
 *   NAME(x)   ndlw_str##x / ndlw_wcs##x
 *   NAME_(x)  ndlw__str##x / ndlw__wcs##x
 *   ARG       the type of the chr/rchr argument (int / WCHAR)
 *   LOWER(c)  case folding for the i-compares
 */

WINCDECL CH *NAME(cpy)(CH *d, const CH *s)
{
	CH *r = d;

	while ((*d++ = *s++) != 0)
		;
	return r;
}

WINCDECL CH *NAME(ncpy)(CH *d, const CH *s, SIZE_T n)
{
	SIZE_T i = 0;

	for (; i < n && s[i]; i++)
		d[i] = s[i];
	for (; i < n; i++)
		d[i] = 0;
	return d;
}

SIZE_T WINCDECL NAME(len)(const CH *s)
{
	SIZE_T n = 0;

	while (s[n])
		n++;
	return n;
}

SIZE_T WINCDECL NAME(nlen)(const CH *s, SIZE_T max)
{
	SIZE_T n = 0;

	while (n < max && s[n])
		n++;
	return n;
}

WINCDECL CH *NAME(cat)(CH *d, const CH *s)
{
	NAME(cpy)(d + NAME(len)(d), s);
	return d;
}

WINCDECL CH *NAME(ncat)(CH *d, const CH *s, SIZE_T n)
{
	CH *p = d + NAME(len)(d);
	SIZE_T i = 0;

	for (; i < n && s[i]; i++)
		p[i] = s[i];
	p[i] = 0;
	return d;
}

int WINCDECL NAME(ncmp)(const CH *a, const CH *b, SIZE_T n)
{
	for (SIZE_T i = 0; i < n; i++)
		if (a[i] != b[i] || !a[i])
			return (int)(UCH)a[i] - (int)(UCH)b[i];
	return 0;
}

int WINCDECL NAME(cmp)(const CH *a, const CH *b)
{
	return NAME(ncmp)(a, b, (SIZE_T)-1);
}

int WINCDECL NAME_(nicmp)(const CH *a, const CH *b, SIZE_T n)
{
	for (SIZE_T i = 0; i < n; i++) {
		int x = LOWER((UCH)a[i]), y = LOWER((UCH)b[i]);

		if (x != y || !x)
			return x - y;
	}
	return 0;
}

int WINCDECL NAME_(icmp)(const CH *a, const CH *b)
{
	return NAME_(nicmp)(a, b, (SIZE_T)-1);
}

/* The old names (without underscore) are exported too. */
int WINCDECL NAME(nicmp)(const CH *a, const CH *b, SIZE_T n)
{
	return NAME_(nicmp)(a, b, n);
}

int WINCDECL NAME(icmp)(const CH *a, const CH *b)
{
	return NAME_(nicmp)(a, b, (SIZE_T)-1);
}

WINCDECL CH *NAME(chr)(const CH *s, ARG c)
{
	for (;; s++) {
		if (*s == (CH)c)
			return (CH *)s;
		if (!*s)
			return NULL;
	}
}

WINCDECL CH *NAME(rchr)(const CH *s, ARG c)
{
	const CH *r = NULL;

	for (;; s++) {
		if (*s == (CH)c)
			r = s;
		if (!*s)
			return (CH *)r;
	}
}

WINCDECL CH *NAME(str)(const CH *h, const CH *n)
{
	SIZE_T len = NAME(len)(n);

	for (; *h; h++)
		if (!NAME(ncmp)(h, n, len))
			return (CH *)h;
	return len ? NULL : (CH *)h;
}
