// SPDX-License-Identifier: GPL-2.0-only
/* Windows-compatible printf formatting engine (see fmt.h). */
#include "core/fmt.h"

enum arg_size { SZ_INT, SZ_SHORT, SZ_CHAR, SZ_LONG, SZ_LLONG, SZ_PTR };

struct spec {
	bool left, plus, space, alt, zero, wide, narrow;
	int width, prec;	/* prec -1: none */
	enum arg_size size;
};

static void put(struct ndl_fmt_out *out, u16 c)
{
	if (out->len < out->size) {
		if (out->wide)
			((WCHAR *)out->buf)[out->len] = c;
		else
			((char *)out->buf)[out->len] = c < 0x100 ? (char)c : '?';
	}
	out->len++;
}

static void pad(struct ndl_fmt_out *out, int n, u16 c)
{
	while (n-- > 0)
		put(out, c);
}

static u64 arg_u64(struct ndl_fmt_args *a, enum arg_size size)
{
	if (a->kind == 1)
		return win_va_arg(*a->win, u64);
	switch (size) {
	case SZ_LONG:
		return (u64)va_arg(*a->c, unsigned long);
	case SZ_LLONG:
		return va_arg(*a->c, unsigned long long);
	case SZ_PTR:
		return (u64)(uintptr_t)va_arg(*a->c, void *);
	default:
		return va_arg(*a->c, unsigned int);
	}
}

static int arg_int(struct ndl_fmt_args *a)
{
	return (int)arg_u64(a, SZ_INT);
}

static const void *arg_ptr(struct ndl_fmt_args *a)
{
	return (const void *)(uintptr_t)arg_u64(a, SZ_PTR);
}

/* Truncate/sign-extend a raw argument to its declared size. */
static u64 sized(u64 v, enum arg_size size, bool is_signed)
{
	switch (size) {
	case SZ_CHAR:
		return is_signed ? (u64)(s64)(s8)v : (u8)v;
	case SZ_SHORT:
		return is_signed ? (u64)(s64)(s16)v : (u16)v;
	case SZ_INT:
		return is_signed ? (u64)(s64)(s32)v : (u32)v;
	case SZ_LONG:	/* C long of the host (LP64 here) */
		if (sizeof(long) == 4)
			return is_signed ? (u64)(s64)(s32)v : (u32)v;
		return v;
	default:
		return v;
	}
}

static void emit_number(struct ndl_fmt_out *out, const struct spec *s,
			u64 v, bool neg, unsigned int base, bool upper)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[24];
	int n = 0, len, zeros = 0, plen = 0;
	char prefix[3];

	if (neg)
		prefix[plen++] = '-';
	else if (s->plus)
		prefix[plen++] = '+';
	else if (s->space)
		prefix[plen++] = ' ';
	if (s->alt && v && base == 16) {
		prefix[plen++] = '0';
		prefix[plen++] = upper ? 'X' : 'x';
	}
	while (v) {
		tmp[n++] = digits[v % base];
		v /= base;
	}
	if (s->alt && base == 8 && (n == 0 || s->prec <= n))
		tmp[n++] = '0';
	if (s->prec < 0 && n == 0)
		tmp[n++] = '0';
	if (s->prec > n)
		zeros = s->prec - n;
	len = plen + zeros + n;
	if (!s->left && s->zero && s->prec < 0 && s->width > len) {
		zeros += s->width - len;
		len = s->width;
	}
	if (!s->left)
		pad(out, s->width - len, ' ');
	for (int i = 0; i < plen; i++)
		put(out, (u8)prefix[i]);
	pad(out, zeros, '0');
	while (n)
		put(out, (u8)tmp[--n]);
	if (s->left)
		pad(out, s->width - len, ' ');
}

/* Emit a narrow (wide == false) or wide string of at most max units. */
static void emit_string(struct ndl_fmt_out *out, const struct spec *s,
			const void *str, bool wide, s64 max)
{
	s64 n = 0;

	if (!str) {
		str = "(null)";
		wide = false;
	}
	if (s->prec >= 0 && (max < 0 || s->prec < max))
		max = s->prec;
	while ((max < 0 || n < max) &&
	       (wide ? ((const WCHAR *)str)[n] : ((const char *)str)[n]))
		n++;
	if (!s->left)
		pad(out, s->width - (int)n, ' ');
	for (s64 i = 0; i < n; i++)
		put(out, wide ? ((const WCHAR *)str)[i] :
		    (u8)((const char *)str)[i]);
	if (s->left)
		pad(out, s->width - (int)n, ' ');
}

static u16 fmt_char(const void *fmt, bool wide, size_t i)
{
	return wide ? ((const WCHAR *)fmt)[i] : (u8)((const char *)fmt)[i];
}

/* Parse flags, width, precision and size at fmt[*i]; return conversion. */
static u16 parse_spec(const void *fmt, bool wide, size_t *i, struct spec *s,
		      struct ndl_fmt_args *args)
{
	u16 c;

	for (;; (*i)++) {
		c = fmt_char(fmt, wide, *i);
		if (c == '-')
			s->left = true;
		else if (c == '+')
			s->plus = true;
		else if (c == ' ')
			s->space = true;
		else if (c == '#')
			s->alt = true;
		else if (c == '0')
			s->zero = true;
		else
			break;
	}
	if (c == '*') {
		s->width = arg_int(args);
		if (s->width < 0) {
			s->left = true;
			s->width = -s->width;
		}
		c = fmt_char(fmt, wide, ++*i);
	} else {
		while (c >= '0' && c <= '9') {
			if (s->width < 100000)
				s->width = s->width * 10 + (c - '0');
			c = fmt_char(fmt, wide, ++*i);
		}
	}
	if (c == '.') {
		s->prec = 0;
		c = fmt_char(fmt, wide, ++*i);
		if (c == '*') {
			s->prec = arg_int(args);
			if (s->prec < 0)
				s->prec = -1;
			c = fmt_char(fmt, wide, ++*i);
		} else {
			while (c >= '0' && c <= '9') {
				if (s->prec < 100000)
					s->prec = s->prec * 10 + (c - '0');
				c = fmt_char(fmt, wide, ++*i);
			}
		}
	}
	for (;;) {
		if (c == 'h') {
			s->size = s->size == SZ_SHORT ? SZ_CHAR : SZ_SHORT;
			s->narrow = true;
		} else if (c == 'l') {
			s->size = s->size == SZ_LONG ? SZ_LLONG : SZ_LONG;
			s->wide = true;
		} else if (c == 'w') {
			s->wide = true;
		} else if (c == 'z' || c == 'j' || c == 't') {
			s->size = SZ_PTR;
		} else if (c == 'I') {
			if (fmt_char(fmt, wide, *i + 1) == '6' &&
			    fmt_char(fmt, wide, *i + 2) == '4') {
				s->size = SZ_LLONG;
				*i += 2;
			} else if (fmt_char(fmt, wide, *i + 1) == '3' &&
				   fmt_char(fmt, wide, *i + 2) == '2') {
				s->size = SZ_INT;
				*i += 2;
			} else {
				s->size = SZ_PTR;
			}
		} else {
			break;
		}
		c = fmt_char(fmt, wide, ++*i);
	}
	return c;
}

/* Handle one conversion character c. */
static void convert(struct ndl_fmt_out *out, struct spec *s, u16 c,
		    bool wide_fmt, struct ndl_fmt_args *args)
{
	u64 v;
	bool wide_str;

	if (s->size == SZ_LONG && args->kind == 1)
		s->size = SZ_INT;	/* Windows long is 32-bit (LLP64) */
	switch (c) {
	case 'd':
	case 'i':
		v = sized(arg_u64(args, s->size), s->size, true);
		emit_number(out, s, (s64)v < 0 ? -v : v, (s64)v < 0, 10, false);
		break;
	case 'u':
	case 'x':
	case 'X':
	case 'o':
		v = sized(arg_u64(args, s->size), s->size, false);
		emit_number(out, s, v, false, c == 'u' ? 10 : c == 'o' ? 8 : 16,
			    c == 'X');
		break;
	case 'p':
		s->prec = 2 * (int)sizeof(void *);
		emit_number(out, s, (u64)(uintptr_t)arg_ptr(args), false, 16,
			    true);
		break;
	case 'c':
	case 'C': {
		u16 ch = (u16)arg_u64(args, SZ_INT);

		if (!(c == 'C' || s->wide || (wide_fmt && !s->narrow)))
			ch = (u8)ch;
		if (!s->left)
			pad(out, s->width - 1, ' ');
		put(out, ch);
		if (s->left)
			pad(out, s->width - 1, ' ');
		break;
	}
	case 's':
	case 'S':
		/* %s follows the format's width, %S the other one; h/l/w pin. */
		wide_str = (c == 's') == wide_fmt;
		if (s->wide)
			wide_str = true;
		else if (s->narrow)
			wide_str = false;
		emit_string(out, s, arg_ptr(args), wide_str, -1);
		break;
	case 'Z': {
		/* %Z: ANSI_STRING *, %wZ: UNICODE_STRING * (Length in bytes). */
		const void *p = arg_ptr(args);

		if (!p) {
			emit_string(out, s, NULL, false, -1);
		} else if (s->wide) {
			const UNICODE_STRING *u = p;

			emit_string(out, s, u->Buffer ? (const void *)u->Buffer :
				    (const void *)"", u->Buffer != NULL,
				    u->Length / 2);
		} else {
			const ANSI_STRING *a = p;

			emit_string(out, s, a->Buffer ? (const char *)a->Buffer : "", false,
				    a->Length);
		}
		break;
	}
	case 'n':
		(void)arg_ptr(args);	/* never written: a classic exploit */
		break;
	case 'f': case 'F': case 'e': case 'E': case 'g': case 'G':
	case 'a': case 'A':
		(void)arg_u64(args, SZ_LLONG);
		put(out, '?');
		break;
	case '%':
		put(out, '%');
		break;
	default:	/* unknown: print it literally */
		put(out, '%');
		put(out, c);
		break;
	}
}

void ndl_fmt(struct ndl_fmt_out *out, const void *fmt, bool wide_fmt,
	     struct ndl_fmt_args *args)
{
	/* Spelled out: sparse cannot parse u"" literals. */
	static const WCHAR null_w[] = { '(', 'n', 'u', 'l', 'l', ')', 0 };
	size_t i = 0;
	u16 c;

	if (!fmt)
		fmt = wide_fmt ? (const void *)null_w : (const void *)"(null)";
	while ((c = fmt_char(fmt, wide_fmt, i)) != 0) {
		struct spec s = { .prec = -1 };

		if (c != '%') {
			put(out, c);
			i++;
			continue;
		}
		i++;
		c = parse_spec(fmt, wide_fmt, &i, &s, args);
		if (c == 0) {
			put(out, '%');
			break;
		}
		convert(out, &s, c, wide_fmt, args);
		i++;
	}
	if (out->no_nul) {
		if (out->len < out->size)
			put(out, 0), out->len--;
	} else if (out->size) {
		size_t end = out->len < out->size ? out->len : out->size - 1;

		if (out->wide)
			((WCHAR *)out->buf)[end] = 0;
		else
			((char *)out->buf)[end] = 0;
	}
}

size_t ndl_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct ndl_fmt_out out = { .buf = buf, .size = size };
	struct ndl_fmt_args args = { .kind = 0 };
	va_list copy;

	va_copy(copy, ap);
	args.c = &copy;
	ndl_fmt(&out, fmt, false, &args);
	va_end(copy);
	return out.len;
}

size_t ndl_snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	size_t n;

	va_start(ap, fmt);
	n = ndl_vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}
