package types

import (
	"strconv"
	"strings"
	"time"
)

// toCharKeywords are to_char's template patterns for dates and times
// (PostgreSQL docs 9.8, Table 9.27), longest first so that YYYY wins
// over YYY and HH24 over HH.
var toCharKeywords = []string{
	"Y,YYY", "YYYY", "IYYY", "HH24", "HH12", "SSSSS", "SSSS", "MONTH", "IDDD",
	"A.M.", "P.M.", "B.C.", "A.D.", "YYY", "IYY", "DAY", "DDD", "MON", "FF1", "FF2", "FF3", "FF4", "FF5", "FF6",
	"YY", "IY", "HH", "MI", "SS", "MS", "US", "AM", "PM", "BC", "AD", "MM", "DD", "DY", "ID", "WW", "IW", "CC", "TZ", "OF",
	"Y", "I", "D", "Q", "J",
}

var monthNames = [...]string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
var dayNames = [...]string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}

// ToChar is to_char(timestamp, template) of the wall-clock time wall;
// off and abbrev are the zone's offset (seconds east) and abbreviation
// for TZ and OF ("" and 0 for a timestamp). Supported: the patterns of
// toCharKeywords with the FM prefix and TH/th suffixes, "quoted text" and
// \" for a quote; other characters are copied.
func ToChar(wall int64, off int64, abbrev, tmpl string) string {
	if wall == TimestampInfinity || wall == TimestampNegInfinity {
		return ""
	}
	p := splitTimestamp(wall)
	days := floorDiv(wall, usecPerDay)
	var out strings.Builder
	for i := 0; i < len(tmpl); {
		if tmpl[i] == '"' {
			j := i + 1
			for j < len(tmpl) && tmpl[j] != '"' {
				if tmpl[j] == '\\' && j+1 < len(tmpl) {
					j++
				}
				out.WriteByte(tmpl[j])
				j++
			}
			i = j + 1
			continue
		}
		if tmpl[i] == '\\' && i+1 < len(tmpl) && tmpl[i+1] == '"' { // \" is a literal quote
			out.WriteByte('"')
			i += 2
			continue
		}
		fm := false
		if strings.HasPrefix(strings.ToUpper(tmpl[i:]), "FM") {
			fm, i = true, i+2
		}
		kw, n := matchKeyword(tmpl[i:])
		if kw == "" {
			if !fm && i < len(tmpl) {
				out.WriteByte(tmpl[i])
				i++
			}
			continue
		}
		text := tmpl[i : i+n]
		i += n
		v, isNum := toCharField(kw, text, p, days, off, abbrev, fm, &out)
		if isNum && (strings.HasPrefix(tmpl[i:], "TH") || strings.HasPrefix(tmpl[i:], "th")) {
			suf := ordinal(v)
			if tmpl[i] == 'T' {
				suf = strings.ToUpper(suf)
			}
			out.WriteString(suf)
			i += 2
		}
	}
	return out.String()
}

// matchKeyword finds the template pattern at the start of s.
func matchKeyword(s string) (string, int) {
	u := strings.ToUpper(s)
	for _, kw := range toCharKeywords {
		if strings.HasPrefix(u, kw) {
			return kw, len(kw)
		}
	}
	return "", 0
}

// caseLike prints name in the case of the pattern as written: MONTH,
// Month, month.
func caseLike(text, name string) string {
	switch {
	case text == strings.ToUpper(text):
		return strings.ToUpper(name)
	case text[0] >= 'A' && text[0] <= 'Z':
		return name
	}
	return strings.ToLower(name)
}

// toCharField writes one pattern's field; it returns the number printed
// for a TH suffix and whether the field was a number.
func toCharField(kw, text string, p [7]int64, days, off int64, abbrev string, fm bool, out *strings.Builder) (int64, bool) {
	y, mo, d, h, mi, s, us := p[0], p[1], p[2], p[3], p[4], p[5], p[6]
	yAbs := y
	if y <= 0 {
		yAbs = 1 - y
	}
	num := func(v int64, width int) (int64, bool) {
		str := strconv.FormatInt(v, 10)
		if !fm {
			for len(str) < width {
				str = "0" + str
			}
		}
		out.WriteString(str)
		return v, true
	}
	pad := func(name string) {
		if !fm {
			for len(name) < 9 {
				name += " "
			}
		}
		out.WriteString(name)
	}
	iy, iw := time.Date(int(y), time.Month(mo), int(d), 0, 0, 0, 0, time.UTC).ISOWeek()
	dow := (days%7 + 7 + 6) % 7
	doy := days - daysFromCivil(y, 1, 1) + 1
	h12 := h % 12
	if h12 == 0 {
		h12 = 12
	}
	switch kw {
	case "Y,YYY":
		out.WriteString(strconv.FormatInt(yAbs/1000, 10) + "," + leftPad(yAbs%1000, 3))
		return yAbs, true
	case "YYYY":
		return num(yAbs, 4)
	case "YYY":
		return num(yAbs%1000, 3)
	case "YY":
		return num(yAbs%100, 2)
	case "Y":
		return num(yAbs%10, 1)
	case "IYYY":
		return num(int64(iy), 4)
	case "IYY":
		return num(int64(iy)%1000, 3)
	case "IY":
		return num(int64(iy)%100, 2)
	case "I":
		return num(int64(iy)%10, 1)
	case "HH24":
		return num(h, 2)
	case "HH12", "HH":
		return num(h12, 2)
	case "MI":
		return num(mi, 2)
	case "SS":
		return num(s, 2)
	case "SSSS", "SSSSS":
		return num((h*60+mi)*60+s, 0)
	case "MS":
		return num(us/1000, 3)
	case "US":
		return num(us, 6)
	case "FF1", "FF2", "FF3", "FF4", "FF5", "FF6":
		digits := int(kw[2] - '0')
		v := us
		for k := digits; k < 6; k++ {
			v /= 10
		}
		return num(v, digits)
	case "AM", "PM":
		out.WriteString(caseLike(text, map[bool]string{true: "PM", false: "AM"}[h >= 12]))
	case "A.M.", "P.M.":
		out.WriteString(caseLike(text, map[bool]string{true: "P.M.", false: "A.M."}[h >= 12]))
	case "BC", "AD":
		out.WriteString(caseLike(text, map[bool]string{true: "BC", false: "AD"}[y <= 0]))
	case "B.C.", "A.D.":
		out.WriteString(caseLike(text, map[bool]string{true: "B.C.", false: "A.D."}[y <= 0]))
	case "MONTH":
		pad(caseLike(text, monthNames[mo-1]))
	case "MON":
		out.WriteString(caseLike(text, monthNames[mo-1][:3]))
	case "MM":
		return num(mo, 2)
	case "DAY":
		pad(caseLike(text, dayNames[dow]))
	case "DY":
		out.WriteString(caseLike(text, dayNames[dow][:3]))
	case "DDD":
		return num(doy, 3)
	case "IDDD":
		jan4 := daysFromCivil(int64(iy), 1, 4)
		start := jan4 - (jan4%7+7+5)%7
		return num(days-start+1, 3)
	case "DD":
		return num(d, 2)
	case "D":
		return num(dow+1, 1)
	case "ID":
		if dow == 0 {
			return num(7, 1)
		}
		return num(dow, 1)
	case "WW":
		return num((doy-1)/7+1, 2)
	case "IW":
		return num(int64(iw), 2)
	case "CC":
		return num(yearField("century", y), 2)
	case "Q":
		return num((mo-1)/3+1, 1)
	case "J":
		return num(days+2451545, 1)
	case "TZ":
		out.WriteString(caseLike(text, abbrev))
	case "OF":
		out.WriteString(string(appendOffset(nil, off)))
	}
	return 0, false
}

func leftPad(v int64, width int) string {
	s := strconv.FormatInt(v, 10)
	for len(s) < width {
		s = "0" + s
	}
	return s
}

// ordinal is the English suffix of n: st, nd, rd, th.
func ordinal(n int64) string {
	if n < 0 {
		n = -n
	}
	if n%100 >= 11 && n%100 <= 13 {
		return "th"
	}
	switch n % 10 {
	case 1:
		return "st"
	case 2:
		return "nd"
	case 3:
		return "rd"
	}
	return "th"
}
